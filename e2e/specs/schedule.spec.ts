import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

type CalendarWeek = {
  week: number;
  start: string;
  end: string;
  customer: { active: boolean; typeServiceNote: string | null };
};

/** The signed-in user's access token, as the web app keeps it (local storage key 'state'). */
async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const state = JSON.parse(window.localStorage.getItem('state') ?? '{}') as { user?: { accessToken?: string } };
    return state.user?.accessToken ?? '';
  });
  expect(token).not.toBe('');
  return token;
}

/**
 * A demo record with at least two served weeks without service notes, found through the API (the demo data is
 * generated relative to today, so no fixed record can be named). Skips and write-ins have no rule about the past, so
 * any served week will do, whatever the date the suite runs on. `position` is its place in the default customer
 * list (newest first), which is how a record's address names it.
 */
async function recordWithServedWeeks(page: Page): Promise<{ id: number; position: number; weeks: CalendarWeek[] }> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const list = await page.request.get('/api/customers?limit=25&page=1', { headers });
  expect(list.ok()).toBe(true);
  const rows = ((await list.json()) as { data: { id: number }[] }).data;
  for (const [index, row] of rows.entries()) {
    const response = await page.request.get(`/api/customers/${row.id}/calendar`, { headers });
    if (!response.ok()) continue;
    const weeks = ((await response.json()) as { data: { data: CalendarWeek[] } }).data.data;
    const served = weeks.filter((week) => week.customer.active && !week.customer.typeServiceNote);
    if (served.length >= 2) return { id: row.id, position: index + 1, weeks: served.slice(-2) };
  }
  throw new Error('no demo record with served weeks');
}

const weekButton = (page: Page, week: number) =>
  page.getByRole('list', { name: /^Weeks of/ }).getByRole('button', { name: new RegExp(`^Week ${week},`) });

test('staff skip a week with a reason, write in a date, see the calendar and service notes change, and download the schedule PDF', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const record = await recordWithServedWeeks(page);
  const [skipWeek, writeWeek] = record.weeks as [CalendarWeek, CalendarWeek];

  await page.goto(`/edit-customer?record=${record.position}`);
  await expect(page.getByRole('heading', { name: /^All weeks \d{4}$/ })).toBeVisible();
  const skips = page.getByRole('region', { name: 'Skips' }).or(page.locator('section[aria-label="Skips"]'));
  await expect(skips.getByText('No skips')).toBeVisible();
  await expectNoAxeViolations(page, 'customer record with the calendar');

  // Skip: the reason is required, then the week shows as skipped and the note is listed.
  await weekButton(page, skipWeek.week).click();
  await expect(page.getByRole('menuitem', { name: 'Skip' })).toBeVisible();
  await expectNoAxeViolations(page, 'week menu open');
  await page.getByRole('menuitem', { name: 'Skip' }).click();
  const skipDialog = page.getByRole('dialog', { name: 'Skip' });
  await skipDialog.getByRole('button', { name: 'Skip week' }).click();
  await expect(skipDialog.getByText('Field is required')).toBeVisible();
  await expectNoAxeViolations(page, 'skip dialog with a message');
  await skipDialog.getByLabel('Reason').fill('Customer travelling');
  await skipDialog.getByRole('button', { name: 'Skip week' }).click();
  await expect(skipDialog).toBeHidden();
  await expect(weekButton(page, skipWeek.week)).toHaveAccessibleName(/skip/i);
  await expect(skips.getByText('Customer travelling')).toBeVisible();
  await expect(page.getByText(/Skips in \d{4}: 1/)).toBeVisible();

  // Write in: pick the first date the picker allows (weekdays of the week and the seven days after it).
  await weekButton(page, writeWeek.week).click();
  await page.getByRole('menuitem', { name: 'Write in' }).click();
  const writeDialog = page.getByRole('dialog', { name: 'Write in' });
  await writeDialog.getByRole('button', { name: /choose date/i }).click();
  const firstAllowedDay = page.locator('[role="gridcell"]:not([disabled]):not(.Mui-disabled)').first();
  await expect(firstAllowedDay).toBeVisible();
  await expectNoAxeViolations(page, 'write-in dialog with the date picker open');
  await firstAllowedDay.click();
  await writeDialog.getByLabel('Message').fill('Extra mow before the party');
  await writeDialog.getByRole('button', { name: 'Save write in' }).click();
  await expect(writeDialog).toBeHidden();
  const writeIns = page.locator('section[aria-label="Write ins"]');
  await expect(writeIns.getByText('Extra mow before the party')).toBeVisible();
  await expect(weekButton(page, writeWeek.week)).toHaveAccessibleName(/write in/i);

  // The activity list tells the same story (the record's history below says it too, at more length).
  await expect(page.getByText('Skipped: Customer travelling', { exact: true })).toBeVisible();

  // Both changes survive a reload (they are stored, not only drawn).
  await page.reload();
  await expect(skips.getByText('Customer travelling')).toBeVisible();
  await expect(writeIns.getByText('Extra mow before the party')).toBeVisible();

  // The schedule PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download schedule' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^schedule-.+-\d{4}\.pdf$/);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});
