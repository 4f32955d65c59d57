import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { changeTakingTablePrice } from '../support/price-question';
import { signIn } from '../support/sign-in';

/** A zip of each of two markets the demo data serves. */
const DALLAS_ZIP = '75201';
const AUSTIN_ZIP = '78701';

/** Opens the customer list's first record and waits until it has loaded everything it shows. */
async function openFirstCustomer(page: Page): Promise<void> {
  await page.goto('/customer');
  const names = page.getByRole('grid', { name: 'Customers' }).locator('[data-field="fullName"][role="gridcell"]');
  await expect(names.first()).toBeVisible();
  await names.first().click();
  await expect(page.getByRole('tablist', { name: 'Customer record' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A value of the header card, by its label. */
const headerField = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** Types a zip into the Service Information tab and waits for its autosave. */
async function changeServiceZip(page: Page, zipcode: string): Promise<void> {
  const tab = page.getByRole('tabpanel');
  await tab.getByRole('textbox', { name: /^Zip code/ }).fill(zipcode);
  await expect(tab.getByText('All changes saved')).toBeVisible();
}

test('a new service zip moves the record to its market, and the tax and price follow; the billing tab prices a new frequency', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await signIn(page);
  await openFirstCustomer(page);
  const tabs = page.getByRole('tablist', { name: 'Customer record' });
  const originalZip = await (async () => {
    await tabs.getByRole('tab', { name: 'Service Information' }).click();
    return page
      .getByRole('tabpanel')
      .getByRole('textbox', { name: /^Zip code/ })
      .inputValue();
  })();
  const isDallas = (await headerField(page, 'Market').textContent()) === 'Dallas';
  const [zipcode, market] = isDallas ? [AUSTIN_ZIP, 'Austin'] : [DALLAS_ZIP, 'Dallas'];

  await changeServiceZip(page, zipcode);
  await expect(headerField(page, 'Market')).toHaveText(market);
  // The tax follows the new market's rate (the demo markets all tax 8.25 %), on the same price.
  await expect(headerField(page, 'Calculated tax')).toContainText('(8.25%)');
  await expectNoAxeViolations(page, 'service information after a zip change');

  await tabs.getByRole('tab', { name: 'Billing info' }).click();
  const billing = page.getByRole('tabpanel');
  await expect(billing.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('8.25%');
  const price = billing.getByRole('textbox', { name: 'Price', exact: true });
  await expect(price).toHaveValue((await headerField(page, 'Price without tax').textContent()) ?? '');
  const tax = money(await billing.getByRole('textbox', { name: 'Tax', exact: true }).inputValue());
  expect(tax).toBeCloseTo(Math.round(money(await price.inputValue()) * 8.25) / 100, 2);
  await expect(billing.getByRole('textbox', { name: 'Payment type' })).toHaveValue(/E-Check|Credit\/Debit Card/);
  await expectNoAxeViolations(page, 'billing info tab');

  // Weekly is the cheapest frequency of every lot, 3-Weekly the dearest: the server prices the switch.
  const frequency = billing.getByRole('combobox', { name: 'Frequency' });
  const original = (await frequency.textContent()) ?? '';
  const priceBefore = money(await price.inputValue());
  // The new frequency takes the table's price for it (the record asks when its agreed price differs).
  await changeTakingTablePrice(page, async () => {
    await frequency.click();
    await page.getByRole('option', { name: original === 'Weekly' ? '3-Weekly' : 'Weekly', exact: true }).click();
  });
  await expect(billing.getByText('All changes saved')).toBeVisible();
  await expect.poll(async () => money(await price.inputValue())).not.toBe(priceBefore);
  const priceAfter = money(await price.inputValue());
  expect(original === 'Weekly' ? priceAfter > priceBefore : priceAfter < priceBefore).toBe(true);
  await expect(headerField(page, 'Frequency')).toHaveText(original === 'Weekly' ? '3-Weekly' : 'Weekly');

  // Put the record back as the other tests expect it.
  await changeTakingTablePrice(page, async () => {
    await frequency.click();
    await page.getByRole('option', { name: original, exact: true }).click();
  });
  await expect(headerField(page, 'Frequency')).toHaveText(original);
  await tabs.getByRole('tab', { name: 'Service Information' }).click();
  await changeServiceZip(page, originalZip);
  await expect(headerField(page, 'Market')).not.toHaveText(market);
});
