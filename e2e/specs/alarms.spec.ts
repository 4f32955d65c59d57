import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';
import { uniqueName } from '../support/unique';

test.use({ signedInAs: 'representative' });

test('an alarm set for the next minute opens with its detail, is stopped, and is deleted', async ({ page }) => {
  // The page's clock runs on from now; running it two minutes ahead fires the 40 s checks in between at once.
  await page.clock.install();
  const regarding = uniqueName('Call back ');
  await page.goto('/alarms');
  const grid = page.getByRole('grid', { name: 'Alarms' });
  await expect(grid).toBeVisible();
  await expectNoAxeViolations(page, 'alarm list');

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Please select at least one alarm.')).toBeVisible();

  await page.getByRole('button', { name: 'New alarm' }).click();
  const form = page.getByRole('dialog', { name: 'New alarm' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Field is required')).toHaveCount(4);
  // The form starts today at the next minute, in the business's time zone.
  await form.getByRole('textbox', { name: 'Duration (minutes)' }).pressSequentially('5');
  await form.getByRole('radio', { name: 'No' }).check();
  await form.getByRole('textbox', { name: 'Regarding' }).pressSequentially(regarding);
  await form.getByRole('textbox', { name: 'Detail' }).pressSequentially('Ask about the fall clean-up');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/alarms') && response.request().method() === 'POST',
  );
  const todayReloaded = page.waitForResponse(
    async (response) => response.url().endsWith('/api/alarms/today') && (await response.text()).includes(regarding),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await todayReloaded;
  const row = grid.getByRole('row').filter({ hasText: regarding });
  await expect(row).toBeVisible();

  await page.clock.runFor('02:00');
  const ringing = page.getByRole('dialog', { name: `Alarm: ${regarding}` });
  await expect(ringing).toBeVisible();
  await expect(ringing).toContainText('Ask about the fall clean-up');
  await expectNoAxeViolations(page, 'the open alarm');
  await ringing.getByRole('button', { name: 'Stop alarm' }).click();
  await expect(ringing).toBeHidden();

  await page.getByRole('button', { name: 'alarms' }).click();
  const today = page.getByRole('dialog', { name: "Today's alarms" });
  await expect(today.getByRole('switch', { name: new RegExp(`^Active: .* ${regarding}$`) })).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(today).toBeHidden();

  await row.getByRole('checkbox', { name: 'Select row' }).check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete alarms' }).getByRole('button', { name: 'Yes' }).click();
  await expect(row).toBeHidden();
});
