import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { searchCustomerList, upperTabPanel } from '../support/customers';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'admin' });

/** Waits until the record has loaded everything it shows (its calendar last), so checks see the settled page. */
async function recordLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens the record of `lastName` from the customer list searched for it, and waits for it. */
async function openFromList(page: Page, lastName: string): Promise<void> {
  await searchCustomerList(page, lastName);
  const grid = page.getByRole('grid', { name: 'Customers' });
  const names = grid.locator('[data-field="fullName"][role="gridcell"]');
  await expect(names.first()).toBeVisible();
  await names.first().click();
  await expect(page).toHaveURL(/\/edit-customer\?id=\d+&record=1&/);
  await expect(page.getByRole('tablist', { name: 'Customer record' })).toBeVisible();
  await recordLoaded(page);
}

test('staff open a record from the list and step through the list with Next and Previous', async ({
  page,
  newCustomer,
}) => {
  // A list of two customers of the test's own: one name, searched for.
  const lastName = uniqueName('Step');
  await newCustomer({ firstName: 'Ada', lastName });
  await newCustomer({ firstName: 'Bo', lastName });
  await searchCustomerList(page, lastName, 2);
  const grid = page.getByRole('grid', { name: 'Customers' });
  const names = grid.locator('[data-field="fullName"][role="gridcell"]');
  await expect(names.nth(1)).toBeVisible();
  const [first, second] = (await names.allInnerTexts()).map((name) => name.trim());

  await names.first().click();
  const navigator = page.getByRole('navigation', { name: 'Records of the list' });
  await expect(navigator.getByText(/^1 of [\d,]+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  await recordLoaded(page);
  await expectNoAxeViolations(page, 'customer record opened from the list');

  await navigator.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/record=2&/);
  await expect(navigator.getByText(/^2 of [\d,]+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: second })).toBeVisible();

  await navigator.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  await expect(navigator.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('staff approve a pending order and see Great!', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer({ isApproved: false });
  await page.goto('/new-orders');
  await expect(page.getByRole('heading', { name: 'Clients list pending approval' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Orders pending approval' });
  const pending = grid.getByRole('row').filter({ hasText: lastName });
  await expect(pending).toBeVisible();
  await expect(pending).toContainText('Pending');
  await expectNoAxeViolations(page, 'pending-approval list');
  const name = (await pending.locator('[data-field="fullName"]').innerText()).trim();

  // A first click selects the row, a second one opens it.
  await pending.locator('[data-field="fullName"]').click();
  await pending.locator('[data-field="fullName"]').click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await recordLoaded(page);
  await expectNoAxeViolations(page, 'a new order');

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve order' }).getByRole('button', { name: 'Approve' }).click();
  const great = page.getByRole('dialog', { name: 'Great!' });
  await expect(great).toContainText('This request has been approved. Now you can see it in the list of clients.');
  await expect(page).toHaveURL(/\/new-orders/);
  await expectNoAxeViolations(page, "'Great!' after an approval");
  await great.getByRole('button', { name: 'Ok' }).click();
  await expect(grid.getByText(name, { exact: true })).toHaveCount(0);
});

test('staff add a call note to a record', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  await openFromList(page, lastName);
  const tab = upperTabPanel(page);
  await tab.getByRole('button', { name: 'Add note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Call note' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await expectNoAxeViolations(page, 'note dialog with a message');

  const text = `Called about the back gate ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Description' }).fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your note has been created.')).toBeVisible();
  await expect(tab.getByRole('button', { name: text })).toBeVisible();

  await tab.getByRole('button', { name: text }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expectNoAxeViolations(page, 'a note in view mode');
});

test('staff add another location and verify its account number', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  // The account of another customer, as the location form verifies it.
  const { accountNumber: account } = await newCustomer();

  await openFromList(page, lastName);
  await page.getByRole('tab', { name: 'Other locations' }).click();
  await expect(page).toHaveURL(/key=2/);
  await page.getByRole('button', { name: 'Add locations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Fill in the 3 fields to assign a location');

  await dialog.getByRole('textbox', { name: 'Account number' }).fill(account);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/^Verified: /)).toBeVisible();
  await expectNoAxeViolations(page, 'location form with a verified account');
  await dialog.getByRole('textbox', { name: 'Street address' }).fill('12 Second Home Rd');
  await dialog.getByRole('textbox', { name: 'Zip code' }).fill('75201');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const locations = page.getByRole('table', { name: 'Other locations' });
  await expect(locations.getByRole('row', { name: new RegExp(account) })).toBeVisible();
  await expectNoAxeViolations(page, 'other locations with a location');
  await locations.getByRole('link', { name: `Open account ${account}` }).click();
  await expect(page.getByText(account, { exact: true }).first()).toBeVisible();
});
