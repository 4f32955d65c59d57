import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { SERVED_ZIP } from '../support/customers';
import { typeTime } from '../support/keyboard-input';
import type { OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';
import { uniqueHouseNumber } from '../support/unique';

type DateInfo = { date: string; week: number; weekStart: string; isBusinessDay: boolean };

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/**
 * A week of the page's eight whose Tuesday, Thursday and Friday are business days, four weeks ahead or more: no spec
 * books a start date there (the public sign-up takes the next business day, the test customers Wednesdays).
 */
async function quietWeek(office: OfficeApi): Promise<DateInfo> {
  const today = new Date().toISOString().slice(0, 10);
  for (let offset = 4; offset < 8; offset += 1) {
    const info = await office.get<DateInfo>(`/api/helper/date-info?date=${addDays(today, offset * 7)}`);
    const days = await Promise.all(
      [1, 3, 4].map((index) => office.get<DateInfo>(`/api/helper/date-info?date=${addDays(info.weekStart, index)}`)),
    );
    if (days.every((day) => day.isBusinessDay)) return info;
  }
  throw new Error('no week without a holiday');
}

/** Opens the Edit dialog of the week, sets max mows for the named days (and a lock), and saves. */
async function editWeek(
  page: Page,
  week: number,
  { slots, days, lockFrom }: { slots: string; days: string[]; lockFrom?: [string, string] },
): Promise<void> {
  await page.getByRole('button', { name: `Edit week ${week}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit week ${week}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Max mows' }).pressSequentially(slots);
  for (const day of days) await dialog.getByRole('checkbox', { name: new RegExp(`^${day} `) }).check();
  if (lockFrom) {
    await dialog.getByRole('checkbox', { name: 'Lock the selected days' }).check();
    await dialog.getByRole('radio', { name: 'Hour range' }).check();
    await typeTime(dialog.getByRole('textbox', { name: 'From', exact: true }), lockFrom[0]);
    await typeTime(dialog.getByRole('textbox', { name: 'To', exact: true }), lockFrom[1]);
    await expectNoAxeViolations(page, 'the Edit dialog with an hour-range lock');
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

// The date and time fields are typed part by part in the en-US order (month/day/year, hh:mm AM/PM).
test.use({ signedInAs: 'admin', locale: 'en-US' });

test('the office sets a week’s max mows and a lock, and a full day is greyed out on the sign-up', async ({
  page,
  office,
}) => {
  const area = await office.get<{ serviceMarketsId: number }>(`/api/zip-code/${SERVED_ZIP}`);
  const markets = await office.get<{ id: number; name: string }[]>('/api/markets');
  const market = markets.find((known) => known.id === area.serviceMarketsId);
  const { week, weekStart } = await quietWeek(office);
  const [tuesday, thursday, friday] = [1, 3, 4].map((index) => addDays(weekStart, index)) as [string, string, string];

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Mow Availabilities' })
    .click();
  await expect(page).toHaveURL(/\/mow-availabilities$/);
  await page.getByRole('combobox', { name: 'Market' }).click();
  await page.getByRole('option', { name: market?.name ?? '', exact: true }).click();
  const table = page.getByRole('table', { name: new RegExp(`^Week ${week}:`) });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('row', { name: /^Saturday/ })).toContainText('00');
  await expectNoAxeViolations(page, 'mow availabilities');

  // 40 mows on the Tuesday; Friday afternoon locked.
  await editWeek(page, week, { slots: '40', days: ['Tue'] });
  await expect(table.getByRole('row', { name: new RegExp(`^Tuesday ${usDate(tuesday)}`) })).toContainText('40');
  // Friday keeps room for any demo schedule: only its afternoon is locked.
  await editWeek(page, week, { slots: '5000', days: ['Fri'], lockFrom: ['12:00', '18:00'] });
  const fridayRow = table.getByRole('row', { name: new RegExp(`^Friday ${usDate(friday)}`) });
  await expect(fridayRow).toContainText('12:00–18:00 America/Chicago');

  // Thursday gets as many mows as it has scheduled: it is full.
  const thursdayRow = table.getByRole('row', { name: new RegExp(`^Thursday ${usDate(thursday)}`) });
  const scheduled = (await thursdayRow.getByRole('cell').nth(2).textContent()) ?? '0';
  await editWeek(page, week, { slots: scheduled, days: ['Thu'] });
  await expect(thursdayRow.getByRole('cell').nth(1)).toHaveText(scheduled);

  // The public sign-up's start-date picker greys Thursday out and says why; Friday (locked for hours only) stays open.
  await page.goto(
    `/web/quote?${new URLSearchParams({ address: `${uniqueHouseNumber()} Elm Street`, zipcode: SERVED_ZIP })}`,
  );
  await page.getByRole('group', { name: 'Choose a lot size' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await page.getByRole('button', { name: /Choose date/ }).click();
  const calendar = page.getByRole('dialog');
  const monthLabel = new Date(`${thursday}T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  for (let step = 0; step < 3 && !(await calendar.getByText(monthLabel).isVisible()); step += 1) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  // The month's own grid: the month slid out of view may linger a moment.
  const month = calendar.getByRole('grid', { name: monthLabel });
  await expect(month).toBeVisible();
  const dayCell = (date: string) =>
    month.locator('button[role="gridcell"]').filter({ hasText: new RegExp(`^${Number(date.slice(8))}$`) });
  // While the month slides in, the grid still holds the month sliding out: wait until one day of that number is left.
  await expect(dayCell(thursday)).toHaveCount(1);
  await expect(dayCell(thursday)).toBeDisabled();
  await expect(dayCell(thursday)).toHaveAttribute('title', 'Closed: full');
  await expect(dayCell(friday)).toBeEnabled();
  await expectNoAxeViolations(page, 'the sign-up start-date picker with a full day');
});
