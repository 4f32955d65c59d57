import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord, upperTabPanel } from '../support/customers';
import { changeTakingTablePrice } from '../support/price-question';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** A zip of each of two markets the demo data serves. */
const DALLAS_ZIP = '75201';
const AUSTIN_ZIP = '78701';

/** Opens the record of `lastName` and waits until it has loaded everything it shows. */
async function openCustomer(page: Page, lastName: string): Promise<void> {
  await openRecord(page, lastName);
  await expect(page.getByRole('tablist', { name: 'Customer record' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A value of the header card, by its label. */
const headerField = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/**
 * Waits for the record's autosave that `edit` starts: its PATCH answered, then the indicator. The indicator alone may
 * still say 'All changes saved' from the save before, which let a test go on while the save was still on its way: a
 * save answered later refreshes the record and takes back a field typed meanwhile. A 409 is the price question, which
 * `edit` answers, and the PATCH sent with that answer is the one waited for.
 */
async function saved(page: Page, edit: () => Promise<void>): Promise<void> {
  const patch = page.waitForResponse(
    (response) =>
      /\/api\/customers\/\d+$/.test(response.url()) &&
      response.request().method() === 'PATCH' &&
      response.status() !== 409,
  );
  await edit();
  expect((await patch).ok()).toBe(true);
  await expect(upperTabPanel(page).getByText('All changes saved')).toBeVisible();
}

/** Types a zip into the Service Information tab, key by key, and waits for its autosave. */
async function changeServiceZip(page: Page, zipcode: string): Promise<void> {
  const zip = upperTabPanel(page).getByRole('textbox', { name: /^Zip code/ });
  await zip.clear();
  await saved(page, () => zip.pressSequentially(zipcode));
}

test('a new service zip moves the record to its market, and the tax and price follow; the billing tab prices a new frequency', async ({
  page,
  newCustomer,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  const { lastName } = await newCustomer();
  await openCustomer(page, lastName);
  const tabs = page.getByRole('tablist', { name: 'Customer record' });
  const originalZip = await (async () => {
    await tabs.getByRole('tab', { name: 'Service Information' }).click();
    return upperTabPanel(page)
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
  const billing = upperTabPanel(page);
  await expect(billing.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('8.25%');
  const price = billing.getByRole('textbox', { name: 'Price', exact: true });
  await expect(price).toHaveValue((await headerField(page, 'Price without tax').textContent()) ?? '');
  const tax = money(await billing.getByRole('textbox', { name: 'Tax', exact: true }).inputValue());
  expect(tax).toBeCloseTo(Math.round(money(await price.inputValue()) * 8.25) / 100, 2);
  await expect(billing.getByRole('textbox', { name: 'Payment type' })).toHaveValue(/E-Check|Credit\/Debit Card/);
  await expectNoAxeViolations(page, 'billing info tab');

  // Weekly is the cheapest frequency of every lot, Bi-Weekly dearer (3-Weekly would also take any Bag grass off, which
  // can leave the price as it was): the server prices the switch.
  const frequency = billing.getByRole('combobox', { name: 'Frequency' });
  const original = (await frequency.textContent()) ?? '';
  const priceBefore = money(await price.inputValue());
  // The new frequency takes the table's price for it (the record asks when its agreed price differs).
  await saved(page, () =>
    changeTakingTablePrice(page, async () => {
      await frequency.click();
      await page.getByRole('option', { name: original === 'Weekly' ? 'Bi-Weekly' : 'Weekly', exact: true }).click();
    }),
  );
  await expect.poll(async () => money(await price.inputValue())).not.toBe(priceBefore);
  const priceAfter = money(await price.inputValue());
  expect(original === 'Weekly' ? priceAfter > priceBefore : priceAfter < priceBefore).toBe(true);
  await expect(headerField(page, 'Frequency')).toHaveText(original === 'Weekly' ? 'Bi-Weekly' : 'Weekly');

  // Back to the first frequency and zip: each is priced and placed again.
  await saved(page, () =>
    changeTakingTablePrice(page, async () => {
      await frequency.click();
      await page.getByRole('option', { name: original, exact: true }).click();
    }),
  );
  await expect(headerField(page, 'Frequency')).toHaveText(original);
  await tabs.getByRole('tab', { name: 'Service Information' }).click();
  // The record settles first (the saves' refreshes done), so nothing it loads lands while the zip is typed.
  await expect(upperTabPanel(page).getByRole('textbox', { name: /^Zip code/ })).toHaveValue(zipcode);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await changeServiceZip(page, originalZip);
  await expect(headerField(page, 'Market')).not.toHaveText(market);
});

test('a half-typed address is never saved, and a service zip found invalid is refused as billing zip', async ({
  page,
  newCustomer,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  const { lastName } = await newCustomer();
  await openCustomer(page, lastName);
  const tabs = page.getByRole('tablist', { name: 'Customer record' });
  await tabs.getByRole('tab', { name: 'Service Information' }).click();
  const service = upperTabPanel(page);
  const address = service.getByRole('combobox', { name: /^Service address/ });
  const serviceZip = service.getByRole('textbox', { name: /^Zip code/ });
  const [originalAddress, originalZip] = [await address.inputValue(), await serviceZip.inputValue()];

  // With Manual off, typed text only searches: it is not the address until a suggestion is chosen.
  await address.clear();
  await address.pressSequentially('5011 N Mon', { delay: 50 });
  await expect(service.getByText('Choose a suggestion, or tick Manual to keep the address as typed.')).toBeVisible();
  // Taylor, TX: a real zip no zone serves.
  await serviceZip.clear();
  await serviceZip.pressSequentially('76577');
  await expect(service.getByText('This zip code is not in our service area')).toBeVisible();

  await tabs.getByRole('tab', { name: 'Billing info' }).click();
  // The billing tab's own fields, once it has replaced the service tab.
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Payment type' })).toBeVisible();
  const billingZip = upperTabPanel(page).getByRole('textbox', { name: 'Zip code', exact: true });
  const originalBillingZip = await billingZip.inputValue();
  await billingZip.clear();
  await billingZip.pressSequentially('76577');
  await expect(upperTabPanel(page).getByText('This zip code was found invalid: enter another one')).toBeVisible();
  await expect(billingZip).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'billing zip found invalid');

  // Nothing of it was saved.
  await page.reload();
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Payment type' })).toBeVisible();
  await expect(billingZip).toHaveValue(originalBillingZip);
  await tabs.getByRole('tab', { name: 'Service Information' }).click();
  await expect(upperTabPanel(page).getByRole('combobox', { name: /^Service address/ })).toHaveValue(originalAddress);
  await expect(upperTabPanel(page).getByRole('textbox', { name: /^Zip code/ })).toHaveValue(originalZip);
});
