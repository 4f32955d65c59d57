import type { IsoDate } from '@lawn/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { marketCustomerCounts, marketHourlyActivity } from '../../db/schema';

/** A market's signups and paid revenue on one of its own days. */
export type DayActivity = { day: IsoDate; signups: number; revenue: number };

/**
 * A market's signups and paid revenue per day of `timeZone`, from the hourly figures between two instants (the
 * start of the first day and of the day after the last, in that zone). Days without any are absent.
 */
export async function activityByDay(
  db: Executor,
  marketId: number,
  timeZone: string,
  range: { start: Date; end: Date },
): Promise<DayActivity[]> {
  const day = sql<IsoDate>`(${marketHourlyActivity.hour} at time zone ${timeZone})::date::text`;
  return (
    db
      .select({
        day,
        signups: sql<number>`sum(${marketHourlyActivity.signups})::int`,
        revenue: sql<number>`sum(${marketHourlyActivity.revenue})::float8`,
      })
      .from(marketHourlyActivity)
      .where(
        and(
          eq(marketHourlyActivity.marketId, marketId),
          gte(marketHourlyActivity.hour, range.start),
          lt(marketHourlyActivity.hour, range.end),
        ),
      )
      // By position: the day's expression holds a parameter, and PostgreSQL matches a GROUP BY expression to the
      // selected one only when both are the same text.
      .groupBy(sql`1`)
  );
}

/** Active customers with an approved order per market; a market without any is absent. */
export async function activeCustomers(db: Executor): Promise<Map<number, number>> {
  const rows = await db.select().from(marketCustomerCounts);
  return new Map(rows.map((row) => [row.marketId, row.activeCustomers]));
}
