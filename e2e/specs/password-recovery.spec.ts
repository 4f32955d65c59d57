import { expectNoAxeViolations } from '../support/axe';
import { chooseNewPassword, resetLinkFor } from '../support/password-reset';
import { STAFF } from '../support/sign-in';
import { expect, test } from '../support/test';

/** The one demo staff user no other spec signs in as: its new password never locks another test out. */
const email = STAFF.manager;
const newPassword = 'a-brand-new-password';

test('a user recovers a forgotten password by e-mail and signs in with the new one', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send|recover|reset/i }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/e-mailed a link/)).toBeVisible();

  const link = await resetLinkFor(email, '/reset-password');
  await page.goto(link);
  await chooseNewPassword(page, newPassword, 'reset password with a mismatch', /\/login/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('Hi Maria!').first()).toBeVisible();

  // The link is single-use.
  await page.goto('/login?et=1');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('yet-another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});
