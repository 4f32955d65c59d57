import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

test('the notifications panel lists the demo notifications and passes the accessibility check', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Customer asked to change the mow day to Friday')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
  await expectNoAxeViolations(page, 'notifications panel open');
});
