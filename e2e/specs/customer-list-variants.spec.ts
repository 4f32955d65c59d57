import { expectNoAxeViolations } from '../support/axe';
import { searchCustomerList } from '../support/customers';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

test('staff switch the customer list to its B&B view, choose columns and export a PDF under a document name', async ({
  page,
  newCustomer,
}) => {
  const lastName = uniqueName('Beds');
  const customer = await newCustomer({ firstName: 'Ivy', lastName });
  const documentName = uniqueName('Bed crews ');
  await searchCustomerList(page, lastName);

  await page.getByRole('group', { name: 'List view' }).getByRole('button', { name: 'B&B' }).click();
  await expect(page).toHaveURL(/view=bushBed/);
  const grid = page.getByRole('grid', { name: 'Customers (B&B)' });
  await expect(grid.getByRole('columnheader', { name: 'Frequency' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Payment type' })).toBeVisible();
  await expect(page.getByText('Search results: 1 record', { exact: true })).toBeVisible();
  await expect(grid.getByText(`Ivy ${lastName}`)).toBeVisible();

  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('dialog', { name: 'Optional columns' });
  await chooser.getByRole('checkbox', { name: 'Mowing price' }).check();
  await expectNoAxeViolations(page, 'B&B column chooser');
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(grid.getByRole('columnheader', { name: 'Mowing price' })).toBeVisible();
  await expectNoAxeViolations(page, 'customer list B&B view');

  await grid.getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['PDF']);
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await dialog.getByLabel('Document name').pressSequentially(documentName, { delay: 20 });
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('The report is being processed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to report' }).click();
  await expect(page).toHaveURL(/\/report/);
  const row = page.getByRole('row', { name: `${documentName.toLowerCase().replace(/ /g, '-')}.pdf` });
  await expect(row.getByText(/completed/i)).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'reports with the B&B PDF');

  // Back on the B&B view, a double click opens the record.
  await page.goBack();
  await expect(page).toHaveURL(/view=bushBed/);
  await grid.getByText(`Ivy ${lastName}`).dblclick();
  await expect(page).toHaveURL(new RegExp(`/edit-customer\\?id=${customer.id}\\b`));
});

test('the expired card list has a B&B view with Select all and a PDF export, and passes the accessibility check', async ({
  page,
}) => {
  await page.goto('/expired-card');
  await page.getByRole('group', { name: 'List view' }).getByRole('button', { name: 'B&B' }).click();
  const grid = page.getByRole('grid', { name: 'Customers with an expired card (B&B)' });
  await expect(grid.getByRole('columnheader', { name: 'Payment type' })).toBeVisible();
  await expect(grid.locator('[data-field="customerId"][role="gridcell"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select all' })).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['PDF']);
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, 'expired card list B&B view');
});
