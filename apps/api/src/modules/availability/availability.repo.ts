import type { IsoDate } from '@lawn/shared';
import { and, asc, between, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mowAvailabilities, mowScheduledCounts } from '../../db/schema';

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
 * The mows scheduled on each day of a market from `from` to `to` (days with none are left out): the properties whose
 * days include it, a property once a day. A property's days are its schedule's services (planned days not skipped nor
 * moved, write-ins on their own day), its redos (a redo takes a crew's time on its day though it is not charged) and a
 * new order's start date, held from the sign-up until its schedule is planned; only live properties in service whose
 * order was not rejected have any. Read from `mow_scheduled_counts`, which the database keeps in the same transaction
 * as every write of properties, schedules and service notes (ADR 0049), so a sign-up that locked its day counts the
 * orders committed before it.
 */
export async function countScheduled(
  db: Executor,
  marketId: number,
  from: IsoDate,
  to: IsoDate,
): Promise<Map<IsoDate, number>> {
  const rows = await db
    .select({ day: mowScheduledCounts.day, scheduled: mowScheduledCounts.scheduled })
    .from(mowScheduledCounts)
    .where(
      and(
        eq(mowScheduledCounts.marketId, marketId),
        between(mowScheduledCounts.day, from, to),
        gt(mowScheduledCounts.scheduled, 0),
      ),
    );
  return new Map(rows.map((row) => [row.day, row.scheduled]));
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
