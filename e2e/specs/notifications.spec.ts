import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expectOk } from '../support/office-api';
import { expect, test } from '../support/test';

/** The bell's unread count, as its title says it. */
async function unreadCount(page: Page): Promise<number> {
  const title = (await page.getByRole('button', { name: 'notifications' }).getAttribute('title')) ?? '';
  const match = /^(\d+) unread notifications$/.exec(title);
  return match ? Number(match[1]) : 0;
}

test.describe('as the demo Admin', () => {
  test.use({ signedInAs: 'admin' });

  test('the notifications panel lists the demo notifications and passes the accessibility check', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'notifications' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('Customer asked to change the mow day to Friday')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
    await expectNoAxeViolations(page, 'notifications panel open');
  });
});

test.describe('as the demo Manager', () => {
  test.use({ signedInAs: 'manager' });

  test('the bell count rises without a reload when a deletion is requested elsewhere', async ({
    page,
    office,
    newCustomer,
  }) => {
    const customer = await newCustomer();
    await page.goto('/dashboard');
    const bell = page.getByRole('button', { name: 'notifications' });
    // The badge has loaded once its title names a count.
    await expect(bell).toHaveAttribute('title', /unread notifications$/);
    const before = await unreadCount(page);
    // A reload would lose this mark.
    await page.evaluate(() => document.body.setAttribute('data-not-reloaded', 'yes'));

    // Another session (the office's API, as the Admin) asks for the customer's deletion.
    await expectOk(
      await office.fetch(`/api/customers/${customer.id}/deletion-request`, {
        method: 'POST',
        headers: { 'idempotency-key': randomUUID() },
      }),
    );

    // Other specs and the billing may raise notifications for the Manager meanwhile: the count rises by at least one.
    await expect.poll(() => unreadCount(page)).toBeGreaterThan(before);
    await expect(page.locator('body')).toHaveAttribute('data-not-reloaded', 'yes');

    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    // The customer's new order told the Manager too: the deletion request is the item naming both.
    const item = panel
      .getByRole('listitem')
      .filter({ hasText: customer.lastName })
      .filter({ hasText: 'Deletion requested' });
    await expect(item).toBeVisible();
    await expectNoAxeViolations(page, 'notifications panel open with a pushed notification');

    // Customer activity opens the customer's record.
    await item.getByRole('link', { name: 'Open the customer of: Deletion requested' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-customer\\?id=${customer.id}`));
  });
});
