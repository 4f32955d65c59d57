import { expectNoAxeViolations } from '../support/axe';
import type { OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** Taylor, Texas: a real zip the demo markets do not serve yet. */
const ZIPCODE = '76574';
const EXCEPTION = 'No service on Fridays in Taylor.';

/** A retried run finds the zone its first attempt added: remove it, so the test adds it again. */
async function removeZoneOf(office: OfficeApi, zipcode: string): Promise<void> {
  for (const zone of await office.get<{ id: number }[]>(`/api/service-zones?filter[zipcode]=${zipcode}`)) {
    await office.fetch(`/api/service-zones/${zone.id}`, { method: 'DELETE' });
  }
}

test('an admin adds a zip with an exception, and the address form then finds its city, state, market, tax and exception', async ({
  page,
  office,
}) => {
  // No tile server here: the map must still show its pin on a blank background and say the tiles are unavailable.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await removeZoneOf(office, ZIPCODE);
  await page.goto('/zip');

  const grid = page.getByRole('grid', { name: 'Service zones' });
  await expect(page.getByRole('combobox', { name: 'Market' })).toHaveText('Austin');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page, 'service zones');

  await page.getByRole('button', { name: 'Add ZIP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ZIP' });
  await dialog.getByRole('textbox', { name: 'Zip code' }).fill(ZIPCODE);
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Taylor');
  await dialog.getByRole('textbox', { name: 'Exceptions' }).fill(EXCEPTION);
  await expectNoAxeViolations(page, 'add zip dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Service Zone Successfully Added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = grid.getByRole('row').filter({ hasText: ZIPCODE });
  await expect(row).toContainText(EXCEPTION);
  await expect(row).toContainText('Alex Morgan');

  const check = page.getByRole('region', { name: 'Check an address' });
  await check.getByRole('textbox', { name: 'Zip code' }).fill(ZIPCODE);
  await expect(check.getByRole('textbox', { name: 'City' })).toHaveValue('Taylor');
  await expect(check.getByRole('textbox', { name: 'State' })).toHaveValue('TX');
  await expect(check.getByRole('textbox', { name: 'Market' })).toHaveValue('Austin');
  await expect(check.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('8.25%');
  await expect(check.getByRole('alert', { name: 'Zone exceptions' })).toContainText(EXCEPTION);
  await expect(check.getByRole('status')).toContainText('Served by the Austin market');
  await expect(check.getByText(/^Approximate position/)).toBeVisible();
  await expect(check.locator('.service-address-pin')).toBeVisible();
  await expect(check.getByText('Map tiles are unavailable; the pin still shows the position.')).toBeVisible();
  await expectNoAxeViolations(page, 'address checked');

  // A zip no zone serves is marked invalid under the field.
  await check.getByRole('textbox', { name: 'Zip code' }).fill('76577');
  await expect(check.getByText('This zip code is not in our service area')).toBeVisible();
  await expect(check.getByRole('textbox', { name: 'Market' })).toHaveValue('');
});

test('an address typed in the check offers known streets with the typed number and places the chosen one', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/zip');
  const check = page.getByRole('region', { name: 'Check an address' });
  const address = check.getByRole('combobox', { name: 'Service address' });
  // Any street of the demo data will do: take the first suggestion for a house number and a letter.
  await address.fill('9 M');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page, 'address suggestions open');
  await option.click();
  await expect(check.getByRole('textbox', { name: 'Zip code' })).toHaveValue(/^\d{5}$/);
  await expect(check.getByRole('textbox', { name: 'Market' })).not.toHaveValue('');
  await expect(check.getByRole('textbox', { name: 'Tax rate' })).toHaveValue('8.25%');
  await expect(address).toHaveValue(/^9 M/);
});
