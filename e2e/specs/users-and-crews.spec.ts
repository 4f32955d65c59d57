import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe';
import { chooseNewPassword, resetLinkFor } from '../support/password-reset';
import { expect, test } from '../support/test';
import { uniqueEmail, uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

test('an admin creates a user, who sets their own password from the e-mail and signs in', async ({ page, browser }) => {
  const firstName = uniqueName('Nina');
  const email = uniqueEmail('user');
  await page.goto('/users');
  const grid = page.getByRole('grid', { name: 'Users' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit user' })).toBeDisabled();
  await expectNoAxeViolations(page, 'users');

  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/create-user/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectNoAxeViolations(page, 'user form with errors');

  await page.getByRole('textbox', { name: 'First name' }).pressSequentially(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).pressSequentially('Lopez');
  await page.getByRole('textbox', { name: 'Email' }).pressSequentially(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Representative' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(grid.getByRole('row').filter({ hasText: email })).toBeVisible();

  // The new user, in a browser of their own (not signed in as the admin), follows the e-mailed link.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const own = await context.newPage();
  await own.goto(await resetLinkFor(email, '/reset-password'));
  await chooseNewPassword(own, 'my own password', 'set your password', /\/login/);
  await own.getByLabel('Email').fill(email);
  await own.getByLabel('Password', { exact: true }).fill('my own password');
  await own.getByRole('button', { name: 'Login' }).click();
  await expect(own).toHaveURL(/\/dashboard/);
  await expect(own.getByText(`Hi ${firstName}!`).first()).toBeVisible();
  await context.close();
});

test('an admin creates a crew member and uploads their payments from the template', async ({ page }) => {
  const crewNumber = String(50_000 + randomInt(49_999));
  await page.goto('/crew-members');
  await expect(page.getByRole('grid', { name: 'Crew members' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page, 'crew members');

  await page.getByRole('button', { name: 'Create crew' }).click();
  await page.getByRole('textbox', { name: 'First name' }).pressSequentially(uniqueName('Pablo'));
  await page.getByRole('textbox', { name: 'Last name' }).pressSequentially('Reyes');
  await page.getByRole('textbox', { name: 'Email' }).pressSequentially(uniqueEmail('crew'));
  await page.getByRole('textbox', { name: 'Crew number' }).pressSequentially(crewNumber);
  await expectNoAxeViolations(page, 'crew form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/crew-members$/);
  await expect(page.getByRole('row').filter({ hasText: crewNumber })).toBeVisible();

  // The template, downloaded from the Payments menu, filled in with the new crew's payment.
  await page.getByRole('button', { name: 'Payments' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download Template' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())).buffer as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Crew number', 'Date', 'Amount', 'Note']);
  sheet.getRow(2).values = [crewNumber, '11/27/2026', '321.45', 'Week 48 mowing'];
  sheet.getRow(3).values = [crewNumber, '11/31/2026', '10', 'A day that does not exist'];
  const withBadRow = Buffer.from(await workbook.xlsx.writeBuffer());
  sheet.spliceRows(3, 1);
  const good = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.goto('/crew-members');
  await page.getByRole('button', { name: 'Payments' }).click();
  await page.getByRole('menuitem', { name: 'Upload Payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price update detail' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'payment upload dialog');
  const chooseFile = (name: string, buffer: Buffer) =>
    dialog.locator('input[type="file"]').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });

  // A title is needed before anything is saved.
  await chooseFile('week48.xlsx', good);
  await expect(dialog.getByText('Title is required')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Title' }).pressSequentially('Week 48');
  await chooseFile('week48.xlsx', withBadRow);
  await expect(dialog.getByText('Line 3: the date is not valid (MM/DD/YYYY)')).toBeVisible();

  await chooseFile('week48.xlsx', good);
  await expect(page).toHaveURL(/\/payments$/);
  const row = page.getByRole('row').filter({ hasText: 'Week 48 mowing' }).filter({ hasText: crewNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$321.45');
  await expectNoAxeViolations(page, 'crew payments');
});

test('an admin adds a B&B crew member, who needs a market', async ({ page }) => {
  const lastName = uniqueName('Ruiz');
  await page.goto('/bb-crew-members');
  await expect(page.getByRole('button', { name: 'Create B&B crew' })).toBeEnabled();
  await expectNoAxeViolations(page, 'B&B crews');

  await page.getByRole('button', { name: 'Create B&B crew' }).click();
  await page.getByRole('textbox', { name: 'First name' }).pressSequentially('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).pressSequentially(lastName);
  await page.getByRole('textbox', { name: 'Email' }).pressSequentially(uniqueEmail('bb'));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Market is required')).toBeVisible();
  await expectNoAxeViolations(page, 'B&B crew form');

  await page.getByRole('combobox', { name: 'Market' }).click();
  await page.getByRole('option', { name: 'Austin' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/bb-crew-members$/);
  await expect(page.getByRole('row').filter({ hasText: lastName })).toContainText('Austin');
});
