import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.describe('an Admin', () => {
  test.use({ signedInAs: 'admin' });

  test('saves the billing retry schedule, which the panel reads back with who changed it', async ({ page }) => {
    // Only this spec reads the retry schedule, so changing it cannot disturb the specs running beside it.
    const first = 1 + Math.floor(Math.random() * 50);
    const schedule = `${first},${first + 2},${first + 4}`;

    await page.goto('/admin-panel');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing).toBeVisible();
    await expect(page.getByRole('region', { name: 'Markets' }).getByRole('row', { name: /Dallas/ })).toBeVisible();
    await expectNoAxeViolations(page, 'admin panel');

    const retries = billing.getByRole('textbox', { name: 'Retry schedule (days)' });
    await retries.clear();
    await retries.pressSequentially('3,,5');
    await billing.getByRole('button', { name: 'Save billing' }).click();
    await expect(billing.getByText('Enter the days between retries as numbers separated by commas')).toBeVisible();

    await retries.clear();
    await retries.pressSequentially(schedule.replaceAll(',', ', '));
    await billing.getByRole('button', { name: 'Save billing' }).click();
    await expect(retries).toHaveValue(schedule);

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Billing' }).getByRole('textbox', { name: 'Retry schedule (days)' }),
    ).toHaveValue(schedule);
    await expect(page.getByRole('region', { name: 'Billing' }).getByText(/^Last changed .+ by .+\.$/)).toBeVisible();

    await page.getByRole('region', { name: 'Markets' }).getByRole('button', { name: 'Edit Dallas' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit market Dallas' })).toBeVisible();
    await expectNoAxeViolations(page, 'market edit dialog open');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('a Manager', () => {
  test.use({ signedInAs: 'manager' });

  test('gets the no-access page instead of the admin panel', async ({ page }) => {
    await page.goto('/admin-panel');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Billing' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'admin panel refused');
  });
});
