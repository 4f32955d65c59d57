import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

const outbox = fileURLToPath(new URL('../../.data/e2e/outbox', import.meta.url));
const email = 'representative@example.com';
const newPassword = 'a-brand-new-password';

/** The reset link from the newest message to `to` that the app wrote to its outbox. */
async function resetLinkFor(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The outbox appears with the first message, which the e-mail job writes a moment later.
        if (!existsSync(outbox)) return undefined;
        const messages = readdirSync(outbox, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
          .map((entry) => readFileSync(`${outbox}/${entry.name}`, 'utf8'))
          .filter((message) => message.includes(to));
        // Quoted-printable soft line breaks ("=\r\n") can split a long link.
        const text = messages
          .at(-1)
          ?.replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        link = text?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

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

  const link = new URL(await resetLinkFor(email));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectNoAxeViolations(page, 'reset password with a mismatch');

  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText('Hi Ryan!').first()).toBeVisible();

  // The link is single-use.
  await page.goto('/login?et=1');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('yet-another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
});
