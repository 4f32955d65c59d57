import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

test('schedule management shows the season weeks, a week menu and the season-start summary, each passing the accessibility check', async ({
  page,
}) => {
  await page.goto('/schedule-management');
  const weeks = page.getByRole('list', { name: 'Weeks' });
  await expect(weeks.getByRole('button').first()).toBeVisible();
  await expectNoAxeViolations(page, 'season weeks');

  // Ended weeks cannot change: late in the season every week may have ended, so use the next year.
  const openWeeks = weeks.getByRole('button', { disabled: false });
  if ((await openWeeks.count()) === 0) await page.getByRole('button', { name: 'Next year' }).click();
  await openWeeks.first().click();
  await expect(page.getByRole('menu', { name: /^Change week \d+$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'week menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: 'Summary Season Start' }).click();
  const summary = page.getByRole('dialog', { name: /^Summary Season Start \d{4}$/ });
  await expect(summary.getByRole('table').or(summary.getByText('No markets available'))).toBeVisible();
  await expectNoAxeViolations(page, 'season-start summary open');
});
