import { IN_SERVICE_STATUSES, ORDER_STATUS, type IsoDate } from '@lawn/shared';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mowAvailabilities } from '../../db/schema';
import { scheduledServices } from '../schedule/schedule.service';

/** A market-day's set availability as stored. */
export type AvailabilityRow = typeof mowAvailabilities.$inferSelect;

/** What an update sets on each selected day. */
export type DayValues = Pick<
  AvailabilityRow,
  'slots' | 'isLocked' | 'isLockAllDay' | 'lockStart' | 'lockEnd' | 'timeZone' | 'updatedBy'
>;

/** The set availability of a market's days from `from` to `to`, by day. */
export function findDays(db: Executor, marketId: number, from: IsoDate, to: IsoDate): Promise<AvailabilityRow[]> {
  return db
    .select()
    .from(mowAvailabilities)
    .where(and(eq(mowAvailabilities.marketId, marketId), between(mowAvailabilities.day, from, to)))
    .orderBy(asc(mowAvailabilities.day));
}

/**
 * The mows scheduled on each day of a market from `from` to `to`, counted from the properties' schedules: the
 * schedule's services (`scheduledServices`: planned days not skipped nor moved, write-ins on their own day), the redos
 * (a redo takes a crew's time on its day though it is not charged), and a new order's start date, held from the
 * sign-up until its schedule is planned. A property counts once a day. Only live properties in service whose order was
 * not rejected count. Raw SQL: the union over the schedule's subquery is beyond the query builder (ADR 0003).
 */
export async function countScheduled(
  db: Executor,
  marketId: number,
  from: IsoDate,
  to: IsoDate,
): Promise<Map<IsoDate, number>> {
  const services = scheduledServices({ from, to });
  if (!services) return new Map();
  const result = await db.execute<{ day: IsoDate; scheduled: number }>(sql`
    select s.day::text as day, count(distinct s.property_id)::int as scheduled
    from (
      select ss.property_id, ss.day from ${services} ss
      union all
      select n.property_id, n.workday from service_notes n
      where n.type = 'redo' and n.workday between ${from}::date and ${to}::date
      union all
      select o.id, o.service_date from properties o
      where o.market_id = ${marketId} and o.status_orders = ${ORDER_STATUS.pending}
        and o.service_date between ${from}::date and ${to}::date
    ) s
    join properties p on p.id = s.property_id
    where p.market_id = ${marketId} and p.deleted_at is null and p.status_orders <> ${ORDER_STATUS.rejected}
      and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
    group by s.day`);
  return new Map(result.rows.map((row) => [row.day, row.scheduled]));
}

/**
 * Locks the rows of a market's `days` for the transaction, making the missing ones (no limit, version 0) first, so
 * that concurrent writers of the same days wait for each other even where nobody set the day yet.
 */
export async function lockDays(tx: Executor, marketId: number, days: readonly IsoDate[]): Promise<AvailabilityRow[]> {
  await tx
    .insert(mowAvailabilities)
    .values(days.map((day) => ({ marketId, day })))
    .onConflictDoNothing();
  return tx
    .select()
    .from(mowAvailabilities)
    .where(and(eq(mowAvailabilities.marketId, marketId), inArray(mowAvailabilities.day, [...days])))
    .orderBy(asc(mowAvailabilities.day))
    .for('update');
}

/** Sets the selected days' availability, each one's version up by one. */
export async function saveDays(
  tx: Executor,
  marketId: number,
  days: readonly IsoDate[],
  values: DayValues,
): Promise<void> {
  await tx
    .update(mowAvailabilities)
    .set({ ...values, version: sql`${mowAvailabilities.version} + 1`, updatedAt: new Date() })
    .where(and(eq(mowAvailabilities.marketId, marketId), inArray(mowAvailabilities.day, [...days])));
}
