import {
  addDays,
  calendarDateIn,
  capacityProgress,
  capacityRange,
  fromCents,
  isWeekend,
  SIGNUP_CHART_DAYS,
  startOfDayIn,
  toCents,
  weekOf,
  weekRange,
  type IsoDate,
  type Market,
  type MarketDashboard,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import type { AvailabilityService } from '../availability/availability.service';
import type { MarketsService } from '../markets/markets.service';
import * as repo from './dashboard.repo';

type Deps = {
  db: Database;
  markets: Pick<MarketsService, 'list' | 'get' | 'depot'>;
  availability: Pick<AvailabilityService, 'capacity'>;
  clock?: () => Date;
};

/** Every day from `from` to `to`. */
function daysOf(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The analytics dashboard: per market, signups and paid revenue from the maintained hourly figures (ADR 0051), the
 * active customers from their maintained count, and the mowing capacity from the availability module, which counts
 * the scheduled mows the one way the product counts them (ADR 0046). Each market's days are days of its own zone.
 */
export function createDashboardService({ db, markets, availability, clock = () => new Date() }: Deps) {
  async function marketFigures(market: Market, now: Date, active: Map<number, number>): Promise<MarketDashboard> {
    const today = calendarDateIn(now, market.timeZone);
    const ref = weekOf(today);
    const week = weekRange(ref.year, ref.week);
    const chartStart = addDays(today, 1 - SIGNUP_CHART_DAYS);
    const first = chartStart < week.start ? chartStart : week.start;
    const range = {
      start: startOfDayIn(first, market.timeZone),
      end: startOfDayIn(addDays(week.end, 1), market.timeZone),
    };
    const [activity, capacity, depot] = await Promise.all([
      repo.activityByDay(db, market.id, market.timeZone, range),
      availability.capacity(market.id, capacityRange(today)),
      markets.depot(market.id),
    ]);
    const byDay = new Map(activity.map((row) => [row.day, row]));
    const signupsOf = (day: IsoDate) => byDay.get(day)?.signups ?? 0;
    const revenueOf = (day: IsoDate) => fromCents(toCents(byDay.get(day)?.revenue ?? 0));
    return {
      id: market.id,
      name: market.name,
      timeZone: market.timeZone,
      today,
      depot,
      dayNewSignups: daysOf(chartStart, today).map((date) => ({ date, count: signupsOf(date) })),
      weeklySignups: {
        week: week.week,
        count: daysOf(week.start, today).reduce((sum, day) => sum + signupsOf(day), 0),
      },
      dailyRevenue: { date: today, amount: revenueOf(today) },
      mowingCapacity: capacity
        .filter((day) => !isWeekend(day.date))
        .map((day) => ({
          date: day.date,
          capacity: day.slots,
          schedule: day.scheduled,
          progress: capacityProgress(day.scheduled, day.slots),
          status: day.status,
        })),
      overWeekRevenue: {
        currentWeek: week.week,
        days: daysOf(week.start, week.end).map((date) => ({ date, amount: revenueOf(date) })),
      },
      totalActiveCustomer: { count: active.get(market.id) ?? 0 },
      totalScheduleNow: { count: capacity.find((day) => day.date === today)?.scheduled ?? 0 },
    };
  }

  return {
    /** Every market's figures, or one market's (404 when there is none). Markets are read side by side. */
    async figures(marketId?: number) {
      const now = clock();
      const chosen = marketId === undefined ? await markets.list() : [await markets.get(marketId)];
      const active = await repo.activeCustomers(db);
      const data = await Promise.all(chosen.map((market) => marketFigures(market, now, active)));
      return { generatedAt: now.toISOString(), data };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
