import {
  addDays,
  FREQUENCIES,
  IN_SERVICE_STATUSES,
  ORDER_STATUS,
  SEASON_START_WARNING_RATIO,
  SEASON_START_WEEKS,
  weekRange,
  type Frequency,
  type SeasonStartSummary,
} from '@lawn/shared';
import type { Executor } from '../../db/client';
import * as repo from './schedule.repo';

const FREQUENCY_CODES = Object.keys(FREQUENCIES).map(Number) as Frequency[];

/**
 * A market is warned about in a week when that week's services are more than SEASON_START_WARNING_RATIO above its
 * average over the season-start weeks: the start of the season would overload its crews.
 */
export function isOverloaded(weekTotal: number, weekTotals: readonly number[]): boolean {
  if (weekTotals.length === 0) return false;
  const average = weekTotals.reduce((sum, total) => sum + total, 0) / weekTotals.length;
  return average > 0 && weekTotal > average * (1 + SEASON_START_WARNING_RATIO);
}

/**
 * Summary Season Start: for each season-start week (1-4), every served market with its services per frequency (all
 * four, zeros included) and the overload warning. Two queries whatever the number of properties.
 */
export async function seasonStartSummary(db: Executor, year: number): Promise<SeasonStartSummary[]> {
  const weeks = SEASON_START_WEEKS.map((week) => {
    const { start, end } = weekRange(year, week);
    return { week, start, end, dates: Array.from({ length: 7 }, (_, day) => addDays(start, day)) };
  });
  const [markets, counts] = await Promise.all([
    repo.servedMarkets(db, IN_SERVICE_STATUSES, ORDER_STATUS.approved),
    repo.servicesPerWeek(db, year, weeks),
  ]);
  const amount = new Map(counts.map((count) => [`${count.market}|${count.week}|${count.frequency}`, count.amount]));
  const amountOf = (market: string, week: number, frequency: Frequency) =>
    amount.get(`${market}|${week}|${frequency}`) ?? 0;
  const totalOf = (market: string, week: number) =>
    FREQUENCY_CODES.reduce((sum, frequency) => sum + amountOf(market, week, frequency), 0);

  return weeks.map(({ week, start, end }) => ({
    week,
    start,
    end,
    markets: markets.map((name) => ({
      name,
      isWarning: isOverloaded(
        totalOf(name, week),
        weeks.map((other) => totalOf(name, other.week)),
      ),
      frecuency: FREQUENCY_CODES.map((frequency) => ({
        name: FREQUENCIES[frequency],
        amount: amountOf(name, week, frequency),
      })),
    })),
  }));
}
