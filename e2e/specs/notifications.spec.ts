import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

test('the notifications panel lists the demo notifications and passes the accessibility check', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('Customer asked to change the mow day to Friday')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
  await expectNoAxeViolations(page, 'notifications panel open');
});
