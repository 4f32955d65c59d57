import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniquePhone } from '../support/unique';

const NOT_FOUND = 'We could not find an account with that number. Please check it and try again.';
const PHONE_SHARED = 'More than one customer has this phone number. Enter your account number as well.';
const MISMATCH = 'The zip code or phone digits do not match our records';

/** Types into a field key by key, as a person does. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name, exact: true });
  await field.clear();
  await field.pressSequentially(text);
}

test('the phone look-up shows the calendar and the payments of the property', async ({ page, newCustomer }) => {
  const customer = await newCustomer({ firstName: 'Rosa', contactNumber: uniquePhone() });

  await page.goto('/external-search-phone');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  await expectNoAxeViolations(page, 'phone look-up');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Number is required')).toBeVisible();
  await typeInto(page, 'Phone number', '12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Number is invalid. Please try again.')).toBeVisible();
  await expectNoAxeViolations(page, 'phone look-up with a refused number');

  await typeInto(page, 'Phone number', customer.contactNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/external-calendar$/);
  await expect(page.getByRole('heading', { name: 'Hi Rosa!' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(customer.accountNumber);
  await expect(page.getByRole('tab', { name: /^Calendar \d{4}$/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: /^Weeks of \d{4}$/ })).toBeVisible();
  // A new customer has not been billed yet.
  await expect(page.getByText('No payments yet.')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expectNoAxeViolations(page, 'external calendar');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/external-search-phone$/);
});

test('a phone several customers share asks for the account number too', async ({ page, newCustomer }) => {
  const phone = uniquePhone();
  const ana = await newCustomer({ firstName: 'Ana', contactNumber: phone });
  const ben = await newCustomer({ firstName: 'Ben', contactNumber: phone });

  await page.goto('/external-search-phone');
  await typeInto(page, 'Phone number', phone);
  await page.getByRole('button', { name: 'Continue' }).click();
  const accountField = page.getByRole('textbox', { name: 'Account number' });
  await expect(accountField).toBeVisible();
  await expect(page.getByText(PHONE_SHARED)).toBeVisible();
  await expectNoAxeViolations(page, 'phone look-up asking for the account number');

  await typeInto(page, 'Account number', ben.accountNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/external-calendar$/);
  await expect(page.getByRole('heading', { name: 'Hi Ben!' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(ben.accountNumber);
  await expect(page.getByText(ana.accountNumber)).toHaveCount(0);
});

test('the account-number look-up changes the payment method after the identity check', async ({
  page,
  newCustomer,
}) => {
  const customer = await newCustomer({ firstName: 'Dana', contactNumber: uniquePhone() });

  await page.goto('/external-account-number');
  await typeInto(page, 'Account number', 'AB');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Account number must be at least 4 characters')).toBeVisible();
  await expectNoAxeViolations(page, 'account-number look-up');

  await typeInto(page, 'Account number', customer.accountNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  const row = table.getByRole('row').filter({ hasText: customer.accountNumber });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page, 'customer payment list after the account look-up');

  await row.getByRole('button', { name: /Edit payment information/ }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-configuration$/);
  await page.getByRole('tab', { name: 'E-Check' }).click();
  await typeInto(page, 'Routing number', '110000000');
  await typeInto(page, 'Account number', '000123456789');
  await typeInto(page, 'Verify account number', '000123456789');
  await page.getByRole('checkbox', { name: /^I authorize these charges:/ }).check();
  await expect(page.getByText('Confirm it is you')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Service zip code is required')).toBeVisible();
  await expect(page.getByText('Last four digits of your phone are required')).toBeVisible();
  await expectNoAxeViolations(page, 'payment form asking for the identity check');

  // A stranger's guess: the right phone digits with another zip code.
  await typeInto(page, 'Service zip code', '75209');
  await typeInto(page, 'Last four digits of your phone', customer.contactNumber.slice(-4));
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText(MISMATCH);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Service zip code' })).toHaveAccessibleDescription(MISMATCH);

  await typeInto(page, 'Service zip code', customer.zipcode);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/update-credit-card') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('The payment method was updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
  await expect(row).toContainText('E-Check account ending in 6789');
});

test('an unknown phone and an unknown account number get the same message', async ({ page }) => {
  await page.goto('/external-search-phone');
  await typeInto(page, 'Phone number', '9995550000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expectNoAxeViolations(page, 'phone look-up, not found');

  await page.goto('/external-account-number');
  await typeInto(page, 'Account number', 'NOPE-0000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expectNoAxeViolations(page, 'account-number look-up, not found');
});
