import { expectNoAxeViolations } from '../support/axe';
import { searchCustomerList, upperTabPanel } from '../support/customers';
import { answerWithEmptyPage } from '../support/empty-page';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

/** A Mastercard the local gateway keeps, for a customer whose card a test changes to a Visa. */
const MASTERCARD = { number: '5555555555554444', type: 5 } as const;

test('staff change a card from the payment list reached from the customer record', async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer({ card: MASTERCARD });
  await searchCustomerList(page, lastName);
  const grid = page.getByRole('grid', { name: 'Customers' });
  const accountCell = grid.locator('[data-field="customerId"][role="gridcell"]').first();
  await expect(accountCell).toBeVisible();
  const account = (await accountCell.innerText()).trim();
  await accountCell.dblclick();
  await expect(page).toHaveURL(/\/edit-customer\?.*record=\d+/);

  await page.getByRole('link', { name: 'Payment methods' }).click();
  await expect(page).toHaveURL(/\/payment-list$/);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  const row = table.getByRole('row').filter({ hasText: account });
  await expect(row).toContainText('Mastercard ending in 4444');
  await expectNoAxeViolations(page, 'payment list');

  await row.getByRole('button', { name: /Edit payment information/ }).click();
  await expect(page).toHaveURL(/\/payment-configuration$/);
  await page.getByRole('tab', { name: 'Credit/Debit Card' }).click();
  await page.getByRole('textbox', { name: 'Card number' }).pressSequentially('4242424242424242');
  await expect(page.getByRole('combobox', { name: 'Card type' })).toHaveText('Visa');
  await page.getByRole('combobox', { name: 'Expiry month' }).click();
  await page.getByRole('option', { name: '12' }).click();
  await page.getByRole('combobox', { name: 'Expiry year' }).click();
  await page.getByRole('option').nth(3).click();
  await expectNoAxeViolations(page, 'payment form, card tab filled in');

  const saved = page.waitForResponse(
    (response) => response.url().includes('/update-credit-card') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await saved;
  expect(response.ok()).toBe(true);
  // The number left the page encrypted, with an Idempotency-Key.
  expect(response.request().postData()).not.toContain('4242424242424242');
  expect(response.request().headers()['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  await expect(page.getByText('The payment method was updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/payment-list$/);
  await expect(row).toContainText('Visa ending in 4242');
});

test("staff change a card from the record's Billing info tab with Update Payment", async ({ page, newCustomer }) => {
  const { lastName } = await newCustomer();
  await searchCustomerList(page, lastName);
  const accountCell = page
    .getByRole('grid', { name: 'Customers' })
    .locator('[data-field="customerId"][role="gridcell"]')
    .first();
  await expect(accountCell).toBeVisible();
  const account = (await accountCell.innerText()).trim();
  await accountCell.dblclick();
  await expect(page).toHaveURL(/\/edit-customer\?.*record=\d+/);
  const recordUrl = page.url();
  const tabs = page.getByRole('tablist', { name: 'Customer record' });
  await tabs.getByRole('tab', { name: 'Billing info' }).click();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'billing info tab with Update Payment');

  // Update Payment opens the payment list of this customer's properties.
  await upperTabPanel(page).getByRole('link', { name: 'Update Payment' }).click();
  await expect(page).toHaveURL(/\/payment-list$/);
  const row = page
    .getByRole('table', { name: 'Properties and their payment methods' })
    .getByRole('row')
    .filter({ hasText: account });
  await expect(row).toContainText('Visa ending in 4242');
  await row.getByRole('button', { name: /Edit payment information/ }).click();
  await expect(page).toHaveURL(/\/payment-configuration$/);

  // A Mastercard ending in 4444: the card type follows the first digit.
  await page.getByRole('tab', { name: 'Credit/Debit Card' }).click();
  await page.getByRole('textbox', { name: 'Card number' }).pressSequentially('5555555555554444');
  await expect(page.getByRole('combobox', { name: 'Card type' })).toHaveText('Mastercard');
  await page.getByRole('combobox', { name: 'Expiry month' }).click();
  await page.getByRole('option', { name: '06' }).click();
  await page.getByRole('combobox', { name: 'Expiry year' }).click();
  await page.getByRole('option').nth(2).click();
  await expectNoAxeViolations(page, 'payment form reached from Update Payment');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The payment method was updated successfully')).toBeVisible();

  await expect(page).toHaveURL(/\/payment-list$/);
  await expect(row).toContainText('Mastercard ending in 4444');
  // The record says the customer now pays by card.
  await page.goto(recordUrl);
  await tabs.getByRole('tab', { name: 'Billing info' }).click();
  await expect(upperTabPanel(page).getByRole('textbox', { name: 'Payment type' })).toHaveValue('Credit/Debit Card');
});

test("a refused e-check shows the 'Error' dialog with the server's message", async ({ page, newCustomer }) => {
  const { accountNumber: account } = await newCustomer();
  await page.goto('/payment-list');
  const lookup = page.getByRole('textbox', { name: 'Account number' });
  await expect(lookup).toBeVisible();
  await expectNoAxeViolations(page, 'payment list without a customer');
  await lookup.fill(account);
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('button', { name: /Edit payment information/ })
    .first()
    .click();

  await page.getByRole('tab', { name: 'E-Check' }).click();
  await page.getByRole('textbox', { name: 'Routing number' }).fill('110000000');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('000222222227');
  await page.getByRole('textbox', { name: 'Verify account number' }).fill('000222222228');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Do not match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Verify account number' }).fill('000222222227');
  await expectNoAxeViolations(page, 'payment form, e-check tab');
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('The payment method was declined');
  await expectNoAxeViolations(page, 'payment error dialog');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/payment-configuration$/);
});

test('the invoices list shows the season billed so far and passes the accessibility check', async ({ page }) => {
  await page.goto('/invoices');
  const grid = page.getByRole('grid', { name: 'Invoices' });
  await expect(grid.locator('[data-field="transactionId"][role="gridcell"]').first()).toBeVisible();
  await expect(page.getByText(/Search results: [\d,]+ invoices/)).toBeVisible();
  await expectNoAxeViolations(page, 'invoices with data');
});

test('an empty invoices list says so and passes the accessibility check', async ({ page }) => {
  await answerWithEmptyPage(page, '/api/invoices');
  await page.goto('/invoices');
  await expect(page.getByText(/No invoices yet/)).toBeVisible();
  await expectNoAxeViolations(page, 'invoices empty');
});
