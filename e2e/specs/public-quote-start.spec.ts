import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueHouseNumber } from '../support/unique';

/** A zip of the Dallas market, which the demo zones serve. */
const SERVED_ZIP = '75201';

test('a visitor on /web/quote without a link types an address and a zip code, and reaches a price', async ({
  page,
}) => {
  const address = `${uniqueHouseNumber()} Magnolia Street`;
  await page.goto('/web/quote');
  const start = page.getByRole('form', { name: 'Get your instant quote' });
  await expect(start).toBeVisible();
  // The foot of every public page: the office's phone (a link that dials it) and its hours.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: '+1 (214) 555-0100' })).toHaveAttribute(
    'href',
    'tel:+12145550100',
  );
  await expectNoAxeViolations(page, 'quote start');

  // Without an address and zip the form says what is missing.
  await start.getByRole('button', { name: 'Get my quote' }).click();
  await expect(start.getByText('Enter the street address to mow')).toBeVisible();
  await expectNoAxeViolations(page, 'quote start, missing fields');

  // Typed key by key, as a person does (the production build runs on Preact).
  const street = start.getByRole('combobox', { name: 'Street address' });
  await street.pressSequentially(address);
  await expect(street).toHaveValue(address);
  await start.getByRole('textbox', { name: 'Zip code' }).pressSequentially(SERVED_ZIP);
  await expect(start.getByRole('textbox', { name: 'Zip code' })).toHaveValue(SERVED_ZIP);
  await start.getByRole('button', { name: 'Get my quote' }).click();

  // The quote of that address, as the marketing site's link would open it.
  await expect(page).toHaveURL(/\/web\/quote\?address=.+&zipcode=75201$/);
  await expect(page.getByRole('heading', { level: 1, name: /Services Your Area$/ })).toBeVisible();
  await expect(page.getByText(`${address}, Dallas, TX ${SERVED_ZIP}`)).toBeVisible();
  const lots = page.getByRole('group', { name: 'Choose a lot size' });
  await lots.getByRole('button').first().click();
  await page.getByRole('button', { name: 'Get Quote' }).click();
  const result = page.getByRole('region', { name: 'Your Custom Quote' });
  await expect(result.getByTestId('quote-price')).toContainText(/\$\d+\.\d{2} \+ Tax/);
  await expectNoAxeViolations(page, 'quote from the start, with its price');

  // Nothing to mow: the quote says so and goes no further.
  await result.getByRole('checkbox', { name: 'Front' }).uncheck();
  await result.getByRole('checkbox', { name: 'Back' }).uncheck();
  await expect(result.getByText('Choose Front, Back or both: there is nothing to mow without one.')).toBeVisible();
  await expect(result.getByRole('link', { name: 'Proceed' })).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page, 'quote with no area to mow');
  await result.getByRole('checkbox', { name: 'Front' }).check();
  await expect(result.getByRole('link', { name: 'Proceed' })).not.toHaveAttribute('aria-disabled');

  // Cancel leaves the quote: with no marketing site configured, back to the quote's start, never the staff login.
  await result.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/web\/quote$/);
  await expect(page.getByRole('form', { name: 'Get your instant quote' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Street address' })).toHaveValue('');
});

test('a quote link with an address but no valid zip code starts with that address', async ({ page }) => {
  await page.goto(`/web/quote?${new URLSearchParams({ address: '12 Pecan Way', zipcode: '752' }).toString()}`);
  const start = page.getByRole('form', { name: 'Get your instant quote' });
  await expect(start.getByRole('combobox', { name: 'Street address' })).toHaveValue('12 Pecan Way');
  await start.getByRole('textbox', { name: 'Zip code' }).fill('');
  await start.getByRole('textbox', { name: 'Zip code' }).pressSequentially(SERVED_ZIP);
  await start.getByRole('button', { name: 'Get my quote' }).click();
  await expect(page.getByText(`12 Pecan Way, Dallas, TX ${SERVED_ZIP}`)).toBeVisible();
});
