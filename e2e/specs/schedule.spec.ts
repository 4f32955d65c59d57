import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import type { OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';

test.use({ signedInAs: 'admin' });

type CalendarWeek = {
  week: number;
  start: string;
  end: string;
  customer: { active: boolean; typeServiceNote: string | null };
};

/**
 * A demo record with at least two served weeks this year and no service note yet, found through the API: a new order
 * starts weeks ahead, and late in the year its weeks are winter ones, so only the demo data (generated relative to
 * today) has served weeks whatever the date. Skips and write-ins have no rule about the past, so any served week will
 * do. A record some run has already changed has notes and is passed over, so each run works on a record of its own.
 */
async function recordWithServedWeeks(office: OfficeApi): Promise<{ id: number; weeks: CalendarWeek[] }> {
  for (const row of await office.get<{ id: number }[]>('/api/customers?limit=50&page=1')) {
    const response = await office.fetch(`/api/customers/${row.id}/calendar`);
    if (!response.ok()) continue;
    const weeks = ((await response.json()) as { data: { data: CalendarWeek[] } }).data.data;
    if (weeks.some((week) => week.customer.typeServiceNote)) continue;
    const served = weeks.filter((week) => week.customer.active);
    if (served.length >= 2) return { id: row.id, weeks: served.slice(-2) };
  }
  throw new Error('no demo record with served weeks and no service notes');
}

const weekButton = (page: Page, week: number) =>
  page.getByRole('list', { name: /^Weeks of/ }).getByRole('button', { name: new RegExp(`^Week ${week},`) });

test('staff skip a week with a reason, write in a date, see the calendar and service notes change, and download the schedule PDF', async ({
  page,
  office,
}) => {
  const record = await recordWithServedWeeks(office);
  const [skipWeek, writeWeek] = record.weeks as [CalendarWeek, CalendarWeek];

  // The record's own link (as a copied one), not a position in a list other tests change meanwhile, with the Service
  // Notes tab open (tap=1): it lists the skips, write-ins and redos of the year the calendar shows.
  await page.goto(`/edit-customer?id=${record.id}&record=1&tap=1`);
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
