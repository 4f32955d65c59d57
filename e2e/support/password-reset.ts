import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { mailsTo } from './outbox';

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
        // Polled: the e-mail job writes the message a moment after the request.
        const messages = mailsTo(to).filter((message) => message.includes(`${resetPath}?token=`));
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
