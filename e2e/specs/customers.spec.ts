import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from '../support/axe';
import { searchCustomerList } from '../support/customers';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

test('staff page through the customer list, sort it, open a record and toggle the cellphone flag', async ({
  page,
  newCustomer,
}) => {
  const customer = await newCustomer();
  await page.goto('/customer');
  await expect(page.getByRole('heading', { name: 'Customer List' })).toBeVisible();
  await expect(page.getByText(/Search results: [\d,]+ records/)).toBeVisible();

  const grid = page.getByRole('grid', { name: 'Customers' });
  const accountNumbers = grid.locator('[data-field="customerId"][role="gridcell"]');
  await expect(accountNumbers.first()).toBeVisible();
  const firstAccountOnPageOne = await accountNumbers.first().innerText();
  await expectNoAxeViolations(page, 'customer list with data');

  await page.getByRole('button', { name: /go to next page/i }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(accountNumbers.first()).not.toHaveText(firstAccountOnPageOne);

  await grid.getByRole('columnheader', { name: 'Customer' }).click();
  await expect(page).toHaveURL(/sort=fullName/);
  const nameCells = grid.locator('[data-field="fullName"][role="gridcell"]');
  // First name, then last name, compared by code point as the database does (locale C). Polled,
  // because the rows of the previous order stay on screen until the sorted page arrives.
  const visibleNames = async () => (await nameCells.allInnerTexts()).map((name) => name.trim().toLowerCase());
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  await expect
    .poll(async () => {
      const names = await visibleNames();
      return names.length > 1 && names.join('|') === [...names].sort(byCodePoint).join('|');
    })
    .toBe(true);

  // A record of the test's own, found with the search box on the list as it opens: other tests change the list
  // meanwhile.
  const name = `${customer.firstName} ${customer.lastName}`;
  await searchCustomerList(page, customer.lastName);
  await expect(nameCells).toHaveText([name]);
  await nameCells.first().dblclick();
  await expect(page).toHaveURL(/\/edit-customer\?.*record=\d+/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expectNoAxeViolations(page, 'customer record');

  const cellphone = page
    .getByRole('switch', { name: 'Cellphone' })
    .or(page.getByRole('checkbox', { name: 'Cellphone' }));
  const wasOn = await cellphone.isChecked();
  const saved = page.waitForResponse(
    (response) => response.url().includes('/type-cellphone') && response.request().method() === 'PATCH',
  );
  await cellphone.click();
  expect((await saved).ok()).toBe(true);
  await expect(cellphone).toBeChecked({ checked: !wasOn });
  await page.reload();
  await expect(cellphone).toBeChecked({ checked: !wasOn });
});

test('staff export the customer list as CSV and download the completed report', async ({ page, newCustomer }) => {
  // Two customers of the test's own, under one name the list is searched for.
  const lastName = uniqueName('Export');
  await newCustomer({ firstName: 'Ada', lastName });
  await newCustomer({ firstName: 'Bo', lastName });
  const reportName = uniqueName('Two customers ');
  await searchCustomerList(page, lastName, 2);
  const grid = page.getByRole('grid', { name: 'Customers' });
  await expect(grid.getByRole('row').nth(2)).toBeVisible();

  await grid.getByRole('row').nth(1).getByRole('checkbox').check();
  await grid.getByRole('row').nth(2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();

  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await expectNoAxeViolations(page, 'report name dialog with a message');
  await dialog.getByLabel('Report name').fill(reportName);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('The report is being processed')).toBeVisible();
  await page.getByRole('link', { name: 'Go to report' }).click();
  await expect(page).toHaveURL(/\/report/);

  const row = page.getByRole('row', { name: `${reportName.toLowerCase().replace(/ /g, '-')}.csv` });
  await expect(row.getByText(/completed/i)).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'reports with a completed report');
  await row.getByRole('button', { name: 'Download options' }).click();
  const downloadItem = page.getByRole('menuitem', { name: 'Download' });
  await expect(downloadItem).toBeVisible();
  await expectNoAxeViolations(page, 'report menu open');
  const [download] = await Promise.all([page.waitForEvent('download'), downloadItem.click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toContain('Customer');
  expect(csv).toHaveLength(3);
  expect(csv.slice(1).every((line) => line.includes(lastName))).toBe(true);
});
