import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO_PASSWORD } from '../support/sign-in';

/** The demo customer's web account (README, demo sign-ins). */
const CUSTOMER_EMAIL = 'customer@example.com';
const outbox = fileURLToPath(new URL('../../.data/e2e/outbox', import.meta.url));

async function signInAsCustomer(page: Page, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/web/login');
  await page.getByLabel('Email').fill(CUSTOMER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/web\/account\/payment-list$/);
}

/** The customer reset link from the newest message to the customer that the app wrote to its outbox. */
async function customerResetLink(): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return undefined;
        const messages = readdirSync(outbox, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
          .map((entry) => readFileSync(`${outbox}/${entry.name}`, 'utf8'))
          .filter((message) => message.includes(CUSTOMER_EMAIL) && message.includes('/web/reset-password'));
        // Quoted-printable soft line breaks ("=\r\n") can split a long link.
        const text = messages
          .at(-1)
          ?.replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        link = text?.match(/https?:\/\/\S+\/web\/reset-password\?token=[\w-]+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

test('a customer signs in at /web/login and changes their payment method to e-check', async ({ page }) => {
  await page.goto('/web/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoAxeViolations(page, 'customer sign-in');

  // A wrong password is answered in an error line above the form.
  await page.getByLabel('Email').fill(CUSTOMER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');

  await signInAsCustomer(page);
  const table = page.getByRole('table', { name: 'Properties and their payment methods' });
  await expect(table.getByRole('button', { name: /Edit payment information/ }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'customer payment list');

  await table
    .getByRole('button', { name: /Edit payment information/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/web\/account\/payment-configuration$/);
  await page.getByRole('tab', { name: 'E-Check' }).click();
  await page.getByRole('textbox', { name: 'Name on account' }).fill('Demo Customer');
  await page.getByRole('textbox', { name: 'Routing number' }).fill('110000000');
  await page.getByRole('textbox', { name: 'Account number', exact: true }).fill('000123456789');
  await page.getByRole('textbox', { name: 'Verify account number' }).fill('000123456789');
  await expectNoAxeViolations(page, 'customer payment form, e-check tab');

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

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
});

test('a customer reaches forgot and reset password from the customer sign-in', async ({ page }) => {
  const newPassword = 'customer-new-password';
  await page.goto('/web/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/web\/forgot-password$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoAxeViolations(page, 'customer forgot password');

  await page.getByLabel('Email').fill(CUSTOMER_EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
  await expect(page.getByText(/e-mailed a link/)).toBeVisible();

  const link = new URL(await customerResetLink());
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/web\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectNoAxeViolations(page, 'customer reset password with a mismatch');

  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/web\/login$/);
  await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();
  await signInAsCustomer(page, newPassword);
});
