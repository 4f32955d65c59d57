import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { checkInAndOutByApi, scheduleForCrewToday } from '../support/crew';
import type { Customer } from '../support/customers';
import { chooseNewPassword, resetLinkFor } from '../support/password-reset';
import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/unique';

const PASSWORD = 'customer-chosen-password';

/**
 * A customer of the test's own with a web account, the password chosen earlier (on a device of its own) from the
 * invitation its e-mail received. Answers the customer, the e-mail address and the invitation's link.
 */
async function customerWithWebAccount(
  browser: Browser,
  newCustomer: (customer: { email: string }) => Promise<Customer>,
): Promise<{ customer: Customer; email: string; invitation: string }> {
  const email = uniqueEmail('webaccount');
  const customer = await newCustomer({ email });
  const invitation = await resetLinkFor(email, '/web/reset-password');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(invitation);
  await chooseNewPassword(page, PASSWORD, 'customer invitation', /\/web\/login$/);
  await context.close();
  return { customer, email, invitation };
}

async function signInAsCustomer(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/web/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
}

test('a customer signs in at /web/login and changes their payment method to e-check, authorizing the debits', async ({
  page,
  browser,
  newCustomer,
  office,
}) => {
  const { email, customer } = await customerWithWebAccount(browser, newCustomer);
  await page.goto('/web/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page, 'customer sign-in');

  // A wrong password is answered in an error line above the form.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');

  await signInAsCustomer(page, email);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  await expect(table.getByRole('button', { name: /Edit payment information/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'customer payment list');

  await table
    .getByRole('button', { name: /Edit payment information/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/web\/account\/payment-configuration$/);
  await page.getByRole('tab', { name: 'E-Check' }).click();
  await page.getByRole('textbox', { name: 'Name on account' }).fill('Robin Customer');
  await page.getByRole('textbox', { name: 'Routing number' }).fill('110000000');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('000123456789');
  await page.getByRole('textbox', { name: 'Verify account number' }).fill('000123456789');
  // The form says what will be debited and when; nothing is sent until the customer accepts it.
  const authorization = page.getByRole('checkbox', { name: /^I authorize these charges:/ });
  await expect(authorization).toHaveAccessibleName(/debit my checking account .* for each mow/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Tick the box to authorize these charges')).toBeVisible();
  await expectNoAxeViolations(page, 'customer payment form, e-check tab');
  await authorization.check();
  await expect(page.getByText('Tick the box to authorize these charges')).toBeHidden();

  const saved = page.waitForResponse(
    (response) => response.url().includes('/update-credit-card') && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await saved;
  expect(response.ok()).toBe(true);
  expect(response.url()).toContain('/api/customer/');
  expect(response.request().postData()).not.toContain('000123456789');
  await expect(page.getByText('The payment method was updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
  await expect(table).toContainText('E-Check');
  // The acceptance is kept with its time, the customer, the channel and the words, as the office's record shows it.
  const kept = await office.get<{ authorization: { channel: string; text: string; acceptedAt: string } | null }>(
    `/api/customers/${customer.id}/payment-method`,
  );
  expect(kept.authorization).toMatchObject({
    channel: 'webAccount',
    text: expect.stringContaining('checking account'),
  });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
});

test('a customer reaches forgot and reset password from the customer sign-in', async ({
  page,
  browser,
  newCustomer,
}) => {
  const newPassword = 'customer-new-password';
  const { email, invitation } = await customerWithWebAccount(browser, newCustomer);
  await page.goto('/web/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/web\/forgot-password$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoAxeViolations(page, 'customer forgot password');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
  await expect(page.getByText(/e-mailed a link/)).toBeVisible();

  await page.goto(await resetLinkFor(email, '/web/reset-password', invitation));
  await expect(page).toHaveURL(/\/web\/reset-password\?token=/);
  await chooseNewPassword(page, newPassword, 'customer reset password with a mismatch', /\/web\/login$/);
  await signInAsCustomer(page, email, newPassword);
});

test("a customer sees the crew's checked-out visit and its photos on their Services page", async ({
  page,
  browser,
  newCustomer,
  office,
  request,
}) => {
  const note = 'Mowed and trimmed, gate latched';
  const { customer, email } = await customerWithWebAccount(browser, newCustomer);
  test.skip(!(await scheduleForCrewToday(office, customer.id)), 'no mow can be scheduled on a Sunday');
  await checkInAndOutByApi(request, customer.id, note);

  await signInAsCustomer(page, email);
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/web\/account\/services$/);
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  const services = page.getByRole('table', { name: 'Completed services' });
  const row = services.getByRole('row').filter({ hasText: note });
  await expect(row).toContainText('arrival.png');
  await expect(row).toContainText('finished.png');
  await expectNoAxeViolations(page, 'customer services');

  await row.getByRole('button', { name: /^View the service of/ }).click();
  const details = page.getByRole('dialog', { name: /^Service of/ });
  await expect(details.getByRole('img', { name: /^Check-in photo/ })).toBeVisible();
  await expect(details.getByRole('img', { name: /^Check-out photo/ })).toBeVisible();
  await expectNoAxeViolations(page, 'customer services, a visit with its photos');
});
