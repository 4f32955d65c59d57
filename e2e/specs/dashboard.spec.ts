import { expectNoAxeViolations } from '../support/axe';
import { SERVED_ZIP } from '../support/customers';
import type { OfficeApi } from '../support/office-api';
import { expect, test } from '../support/test';

type CapacityDay = { date: string; capacity: number | null; schedule: number; status: string };
type MarketDashboard = { id: number; name: string; today: string; mowingCapacity: CapacityDay[] };
type DateInfo = { date: string; week: number; weekStart: string; weekEnd: string; nextBusinessDay: string };

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** The dashboard's name of a day, e.g. `Wed 5/6`. */
const dayLabel = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`);
  return `${DAY_NAMES[(day.getUTCDay() + 6) % 7]} ${day.getUTCMonth() + 1}/${day.getUTCDate()}`;
};

async function marketFigures(office: OfficeApi, marketId: number): Promise<MarketDashboard> {
  const [market] = await office.get<MarketDashboard[]>(`/api/dashboard?market=${marketId}`);
  if (!market) throw new Error('the dashboard has no such market');
  return market;
}

/**
 * A day the dashboard's capacity shows that no other spec books: a weekday still open, neither today nor the next
 * business day (the public sign-up takes that one; the test customers start on Wednesdays three weeks on).
 */
async function quietDay(office: OfficeApi, market: MarketDashboard): Promise<string> {
  const { nextBusinessDay } = await office.get<DateInfo>(`/api/helper/date-info?date=${market.today}`);
  const candidates = market.mowingCapacity.filter(
    (day) => day.status === 'open' && day.date !== market.today && day.date !== nextBusinessDay,
  );
  const day = candidates.at(-1);
  if (!day) throw new Error('no open weekday on the dashboard besides today and the next business day');
  return day.date;
}

/** Sets the max mows of one weekday of the market through the availability's week update. */
async function setMaxMows(office: OfficeApi, marketId: number, day: string, slots: number): Promise<void> {
  const { week, weekStart, weekEnd } = await office.get<DateInfo>(`/api/helper/date-info?date=${day}`);
  const range = `start=${weekStart}&end=${weekEnd}&week=${week}`;
  const { version } = await office.get<{ version: number }>(
    `/api/mow-availabilities/markets/${marketId}/week?${range}`,
  );
  const response = await office.fetch(`/api/mow-availabilities/markets/${marketId}/week`, {
    method: 'PUT',
    data: {
      version,
      slots: String(slots),
      isLock: 0,
      lockDayHourly: '',
      lockHoursRange: { start: '', end: '' },
      timeZone: 'America/Chicago',
      week: { start: weekStart, end: weekEnd, week, weekdays: [day] },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.use({ signedInAs: 'admin' });

test('a day scheduled at 85% or more of its max mows shows a red capacity bar', async ({
  page,
  office,
  newCustomer,
}) => {
  const { serviceMarketsId: marketId } = await office.get<{ serviceMarketsId: number }>(`/api/zip-code/${SERVED_ZIP}`);
  const day = await quietDay(office, await marketFigures(office, marketId));
  // Orders of the test's own take their start day's mows until they are planned.
  await newCustomer({ serviceDate: day, isApproved: false });
  await newCustomer({ serviceDate: day, isApproved: false });
  const scheduled = (await marketFigures(office, marketId)).mowingCapacity.find((item) => item.date === day)?.schedule;
  if (!scheduled) throw new Error('the orders did not count on their start day');
  // The most max mows at which the day is still at 85% or more.
  const slots = Math.floor((scheduled * 100) / 85);
  await setMaxMows(office, marketId, day, slots);

  await page.goto('/dashboard');
  const market = (await office.get<{ id: number; name: string }[]>('/api/markets')).find(
    (item) => item.id === marketId,
  );
  await page.getByRole('tab', { name: market?.name ?? '' }).click();
  await expect(page.getByRole('tab', { name: market?.name ?? '', selected: true })).toBeVisible();
  const percent = Math.min(100, Math.floor((scheduled * 100) / slots));
  const bar = page.getByRole('progressbar', {
    name: `${dayLabel(day)}: ${scheduled} of ${slots} mows scheduled (${percent}%)`,
  });
  await expect(bar).toHaveAttribute('data-warning', 'true');
  await expect(bar).toHaveClass(/MuiLinearProgress-colorError/);
  await expect(
    page.getByText(`${scheduled} of ${slots} mows scheduled (${percent}%) · 85% or more booked`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lookup' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create customer' })).toHaveAttribute('href', '/create-customer');
  await expectNoAxeViolations(page, 'dashboard');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  await expect(bar).toHaveAttribute('data-warning', 'true');
});
