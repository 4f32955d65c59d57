import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

/** Where the app under test writes its e-mail when no SMTP server is configured (its data folder, playwright.config.ts). */
const outbox = path.join(
  process.env['E2E_DATA_DIR'] ?? fileURLToPath(new URL('../../.data/e2e', import.meta.url)),
  'outbox',
);

/**
 * The reset link to `resetPath` (the staff or the customer reset page) from the newest message to `to` that the app
 * wrote to its outbox, as a same-site path with its token; with `newerThan`, only a link other than that one (the
 * outbox names its files by the time they were written).
 */
export async function resetLinkFor(
  to: string,
  resetPath: '/reset-password' | '/web/reset-password',
  newerThan?: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The outbox appears with the first message, which the e-mail job writes a moment later.
        if (!existsSync(outbox)) return undefined;
        const messages = readdirSync(outbox, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
          .map((entry) => readFileSync(`${outbox}/${entry.name}`, 'utf8'))
          // Quoted-printable soft line breaks ("=\r\n") can split a long link.
          .map((message) => message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .filter((message) => message.includes(to) && message.includes(`${resetPath}?token=`));
        link = messages.at(-1)?.match(new RegExp(`https?://\\S+${resetPath}\\?token=[\\w-]+`))?.[0];
        if (link && newerThan && new URL(link).pathname + new URL(link).search === newerThan) link = undefined;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/**
 * On an open reset page: a confirmation that differs is refused (the page checked with axe-core in that state, named
 * `axeName`), then the matching one sets `newPassword` and the sign-in page at `loginUrl` says so.
 */
export async function chooseNewPassword(page: Page, newPassword: string, axeName: string, loginUrl: RegExp) {
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectNoAxeViolations(page, axeName);

  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(loginUrl);
  await expect(page.getByText('Your password has been reset. You can sign in now.')).toBeVisible();
}
