import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { openRecord, upperTabPanel } from '../support/customers';
import { changeTakingTablePrice } from '../support/price-question';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** The autosave's answer to the save that carries `field`. */
const savedWith = (page: Page, field: string) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      (response.request().postData() ?? '').includes(`"${field}"`) &&
      response.status() === 200,
  );

const SIZE_MESSAGE = "Lot size must be greater than 0 and can't be exceeded 16000";

test('staff edit the property information of a record: autosaved, checked, and priced by the server', async ({
  page,
  newCustomer,
}) => {
  const { lastName } = await newCustomer();
  await openRecord(page, lastName);
  await page.getByRole('tab', { name: 'Property information' }).click();
  await expect(page).toHaveURL(/key=3/);
  const tab = upperTabPanel(page);
  const lotSize = tab.getByRole('combobox', { name: 'Lot size' });
  await expect(lotSize).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'Property information tab');

  const turf = tab.getByRole('textbox', { name: 'Turf size (sq ft)' });
  await turf.fill('16001');
  await expect(tab.getByText(SIZE_MESSAGE)).toBeVisible();
  await expectNoAxeViolations(page, 'Property information tab with a message');

  // A turf size of the Small tier: the lot size follows it, and the server prices the property anew.
  const savedTurf = savedWith(page, 'turfSize');
  await changeTakingTablePrice(page, () => turf.fill('1500'));
  await savedTurf;
  await expect(lotSize).toHaveText('Small');
  await expect(tab.getByRole('status')).toHaveText('All changes saved');
  const price = tab.getByText(/^Mowing price \$[\d.,]+ \+ tax \$[\d.,]+ = \$[\d.,]+$/);
  await expect(price).toBeVisible();

  const savedReview = savedWith(page, 'lotReview');
  await tab.getByRole('textbox', { name: 'Gate code' }).fill('#2468');
  await tab.getByRole('textbox', { name: 'Lot review' }).fill('ok');
  await expect(tab.getByRole('textbox', { name: 'Lot review' })).toHaveValue('OK');
  // Saves run one after the other: once the lot review is stored, so is the gate code typed before it.
  await savedReview;
  await page.reload();
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Gate code' })).toHaveValue('#2468');
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Lot review' })).toHaveValue('OK');
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Turf size (sq ft)' })).toHaveValue('1500');
});
