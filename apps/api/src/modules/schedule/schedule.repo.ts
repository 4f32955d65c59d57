import type { IsoDate, SeasonWeekType } from '@lawn/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { scheduleRuns, seasonWeeks, type ScheduleRunRow } from '../../db/schema';

/** Runs that block a new Process: one at a time, whatever the year (the partial unique index enforces it). */
const ACTIVE_STATUSES = ['requested', 'in_progress'] as const;
const ONE_ACTIVE_RUN_INDEX = 'schedule_runs_one_active';

/** Replaces the stored season of a year with all its weeks (a year's rows are all or nothing). */
export async function saveSeasonWeeks(
  db: Executor,
  year: number,
  types: readonly SeasonWeekType[],
  userId: number,
): Promise<void> {
  await db.delete(seasonWeeks).where(eq(seasonWeeks.year, year));
  await db.insert(seasonWeeks).values(types.map((type, index) => ({ year, week: index + 1, type, updatedBy: userId })));
}

export async function latestRun(db: Executor, year: number): Promise<ScheduleRunRow | null> {
  const [row] = await db
    .select()
    .from(scheduleRuns)
    .where(eq(scheduleRuns.year, year))
    .orderBy(desc(scheduleRuns.createdAt), desc(scheduleRuns.id))
    .limit(1);
  return row ?? null;
}

export async function findRun(db: Executor, id: number): Promise<ScheduleRunRow | null> {
  const [row] = await db.select().from(scheduleRuns).where(eq(scheduleRuns.id, id));
  return row ?? null;
}

/** The requested or in-progress runs (at most one, by the unique index; a list for the restart hook). */
export async function activeRuns(db: Executor): Promise<ScheduleRunRow[]> {
  return db
    .select()
    .from(scheduleRuns)
    .where(inArray(scheduleRuns.status, [...ACTIVE_STATUSES]))
    .orderBy(scheduleRuns.id);
}

/** A new requested run; null when another run is already requested or in progress (the unique index refused it). */
export async function insertRun(
  db: Executor,
  values: { year: number; planFrom: IsoDate; requestedBy: number },
): Promise<ScheduleRunRow | null> {
  try {
    // A savepoint, so a refused insert leaves the caller's transaction usable for its own rollback path.
    return await db.transaction(async (savepoint) => {
      const [row] = await savepoint.insert(scheduleRuns).values(values).returning();
      if (!row) throw new Error('schedule run not inserted');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, ONE_ACTIVE_RUN_INDEX)) return null;
    throw error;
  }
}

/** Marks a run that has not finished as failed (never touches a completed one). */
export async function failRun(db: Executor, id: number, reason: string): Promise<void> {
  await db
    .update(scheduleRuns)
    .set({ status: 'failed', failureReason: reason })
    .where(and(eq(scheduleRuns.id, id), inArray(scheduleRuns.status, [...ACTIVE_STATUSES])));
}

/**
 * Claims a requested or interrupted run: in_progress, `started_at` kept from the first start, `total` counted again
 * (every property, deleted ones included, because their future dates must go too). The cursor and progress stay, so
 * an interrupted run resumes. Null when the run is finished or gone: nothing to do.
 */
export async function startRun(db: Executor, id: number): Promise<ScheduleRunRow | null> {
  const [row] = await db
    .update(scheduleRuns)
    .set({
      status: 'in_progress',
      startedAt: sql`coalesce(${scheduleRuns.startedAt}, now())`,
      total: sql`(select count(*)::int from properties)`,
    })
    .where(and(eq(scheduleRuns.id, id), inArray(scheduleRuns.status, [...ACTIVE_STATUSES])))
    .returning();
  return row ?? null;
}

export type RunCursor = { status: ScheduleRunRow['status']; lastPropertyId: number };

/**
 * Locks the run row for the rest of the transaction and reads its cursor. A second worker on the same run waits here
 * until the first commits its batch, then reads the moved cursor: no batch is applied twice.
 */
export async function lockRunCursor(db: Executor, id: number): Promise<RunCursor | null> {
  const [row] = await db
    .select({ status: scheduleRuns.status, lastPropertyId: scheduleRuns.lastPropertyId })
    .from(scheduleRuns)
    .where(eq(scheduleRuns.id, id))
    .for('update');
  return row ?? null;
}

export async function advanceRun(db: Executor, id: number, lastPropertyId: number, count: number): Promise<void> {
  await db
    .update(scheduleRuns)
    .set({ lastPropertyId, progress: sql`${scheduleRuns.progress} + ${count}` })
    .where(eq(scheduleRuns.id, id));
}

/** Properties created during the run are planned too, so the total never ends below the progress. */
export async function completeRun(db: Executor, id: number): Promise<void> {
  await db
    .update(scheduleRuns)
    .set({
      status: 'completed',
      completedAt: sql`now()`,
      failureReason: null,
      total: sql`greatest(${scheduleRuns.total}, ${scheduleRuns.progress})`,
    })
    .where(and(eq(scheduleRuns.id, id), eq(scheduleRuns.status, 'in_progress')));
}

export type SummaryWeek = { week: number; dates: IsoDate[] };
export type SummaryCount = { market: string; frequency: number; week: number; amount: number };

/**
 * Names of the markets with live in-service properties (approved orders with an in-service status), by name. The
 * list index (market_id, status_orders, status, id) on live properties answers each EXISTS with one probe.
 */
export async function servedMarkets(
  db: Executor,
  inServiceStatuses: readonly number[],
  approved: number,
): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select m.name from markets m
    where exists (
      select 1 from properties p
      where p.market_id = m.id and p.deleted_at is null and p.status_orders = ${approved}
        and p.status = any(${sql.param([...inServiceStatuses])}::smallint[]))
    order by m.name`);
  return result.rows.map((row) => row.name);
}

/**
 * Live properties served in each of the given weeks, per market and frequency: one pass over the year's schedules,
 * an overlap test (`&&`) of each row's workdays with each week's dates.
 */
export async function servicesPerWeek(
  db: Executor,
  year: number,
  weeks: readonly SummaryWeek[],
): Promise<SummaryCount[]> {
  if (weeks.length === 0) return [];
  const allDates = weeks.flatMap((week) => week.dates);
  const perWeek = weeks.map(
    (week, index) =>
      sql`count(*) filter (where s.workdays && ${sql.param(week.dates)}::date[])::int as ${sql.identifier(`week_${index}`)}`,
  );
  const result = await db.execute<Record<string, unknown> & { market: string; frequency: number }>(sql`
    select m.name as market, p.srv_frequency as frequency, ${sql.join(perWeek, sql`, `)}
    from property_schedules s
    join properties p on p.id = s.property_id and p.deleted_at is null
    join markets m on m.id = p.market_id
    where s.year = ${year} and s.workdays && ${sql.param(allDates)}::date[]
    group by m.name, p.srv_frequency`);
  return result.rows.flatMap((row) =>
    weeks.map((week, index) => ({
      market: row.market,
      frequency: Number(row.frequency),
      week: week.week,
      amount: Number(row[`week_${index}`]),
    })),
  );
}
