import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

const admin = { email: 'admin@example.com', password: 'demo-password', firstName: 'Alex' };

test('an empty sign-in form shows what is required', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'login with the required-field messages');
});

test('a wrong password shows the server message above the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login/);
  await expectNoAxeViolations(page, 'login with the server message');
});

test('the demo Admin signs in, sees the greeting and the drawer, and signs out', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expectNoAxeViolations(page, 'login');

  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(`Hi ${admin.firstName}!`).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'notifications' })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');

  // The session survives a reload: it is kept in local storage.
  await page.reload();
  await expect(page.getByText(`Hi ${admin.firstName}!`).first()).toBeVisible();

  await page.getByRole('button', { name: /account/i }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown page says so', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expectNoAxeViolations(page, 'not found');
});
