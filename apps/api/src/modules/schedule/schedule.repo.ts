import type { Frequency, IsoDate, MowDay, SeasonWeekType, ServicePlanInput, WeekOverride } from '@lawn/shared';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import {
  ONE_ACTIVE_SCHEDULE_RUN_INDEX,
  propertySchedules,
  scheduleRuns,
  seasonWeeks,
  type ScheduleRunRow,
} from '../../db/schema';

/** Runs that block a new Process: one at a time, whatever the year (the partial unique index enforces it). */
const ACTIVE_STATUSES = ['requested', 'in_progress'] as const;

/** A year's stored season weeks in week order; none when nobody has edited the year. */
export async function findSeasonWeeks(db: Executor, year: number): Promise<{ week: number; type: SeasonWeekType }[]> {
  return db
    .select({ week: seasonWeeks.week, type: seasonWeeks.type })
    .from(seasonWeeks)
    .where(eq(seasonWeeks.year, year))
    .orderBy(seasonWeeks.week);
}

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
    if (isUniqueViolation(error, ONE_ACTIVE_SCHEDULE_RUN_INDEX)) return null;
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
 * Claims a requested or interrupted run: in_progress, its lease taken, `started_at` kept from the first start,
 * `total` counted again (every property, deleted ones included, because their future dates must go too). The cursor
 * and progress stay, so an interrupted run resumes. Null when the run is finished or gone: nothing to do.
 */
export async function startRun(db: Executor, id: number): Promise<ScheduleRunRow | null> {
  const [row] = await db
    .update(scheduleRuns)
    .set({
      status: 'in_progress',
      startedAt: sql`coalesce(${scheduleRuns.startedAt}, now())`,
      total: sql`(select count(*)::int from properties)`,
      heartbeatAt: sql`now()`,
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
    .set({ lastPropertyId, progress: sql`${scheduleRuns.progress} + ${count}`, heartbeatAt: sql`now()` })
    .where(eq(scheduleRuns.id, id));
}

/** The running worker's heartbeat: the run stays its own while its process lives. */
export async function renewRun(db: Executor, id: number): Promise<void> {
  await db
    .update(scheduleRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(scheduleRuns.id, id), eq(scheduleRuns.status, 'in_progress')));
}

/** After a failed attempt that pg-boss will retry: no worker holds the run until the retry takes it. */
export async function releaseRun(db: Executor, id: number): Promise<void> {
  await db
    .update(scheduleRuns)
    .set({ heartbeatAt: null })
    .where(and(eq(scheduleRuns.id, id), eq(scheduleRuns.status, 'in_progress')));
}

/**
 * Takes the lease of every run whose worker died: in progress with a heartbeat `leaseSeconds` old or older, or
 * requested that long ago (by its heartbeat, else its request) without any worker starting it. The lease is renewed
 * in the same statement, so of several processes looking at once only one takes each run.
 */
export async function takeAbandonedRuns(db: Executor, leaseSeconds: number): Promise<ScheduleRunRow[]> {
  const lapsed = (since: SQL) => sql`${since} <= now() - make_interval(secs => ${leaseSeconds})`;
  return db
    .update(scheduleRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(
      or(
        and(eq(scheduleRuns.status, 'in_progress'), lapsed(sql`${scheduleRuns.heartbeatAt}`)),
        and(
          eq(scheduleRuns.status, 'requested'),
          lapsed(sql`coalesce(${scheduleRuns.heartbeatAt}, ${scheduleRuns.createdAt})`),
        ),
      ),
    )
    .returning();
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

/** What a property's plan for a year depends on, and the year's stored row (null when it has none yet). */
export type PlanSource = {
  id: number;
  input: Omit<ServicePlanInput, 'year' | 'seasonWeeks'>;
  stored: { planned: IsoDate[]; workdays: IsoDate[] } | null;
};

type PlanSourceRow = {
  id: number;
  week_day: number;
  srv_frequency: number;
  status: number;
  status_orders: number;
  is_deleted: boolean;
  service_date: string | null;
  send_schedule: number | null;
  future_cancel: number | null;
  has_row: boolean;
  has_winter: boolean;
  planned: string[] | null;
  workdays: string[] | null;
};

/** Dates come back as 'YYYY-MM-DD' text (dates and date arrays alike), the form the shared rules compare. */
const PLAN_SOURCE_COLUMNS = sql`p.id, p.week_day, p.srv_frequency, p.status, p.status_orders,
  p.deleted_at is not null as is_deleted, p.service_date::text as service_date, p.send_schedule, p.future_cancel,
  s.property_id is not null as has_row, coalesce(s.has_winter, false) as has_winter,
  s.planned::text[] as planned, s.workdays::text[] as workdays`;

function toPlanSource(row: PlanSourceRow): PlanSource {
  return {
    id: row.id,
    input: {
      weekDay: row.week_day as MowDay,
      frequency: row.srv_frequency as Frequency,
      status: row.status,
      statusOrders: row.status_orders,
      isDeleted: row.is_deleted,
      serviceDate: row.service_date,
      sendSchedule: row.send_schedule,
      futureCancel: row.future_cancel,
      hasWinter: row.has_winter,
    },
    stored: row.has_row ? { planned: row.planned ?? [], workdays: row.workdays ?? [] } : null,
  };
}

/**
 * The next `limit` properties (live or not: a deleted property's future dates must go) after `afterId`, in id order,
 * with their schedule row of the year.
 */
export async function planSourceBatch(
  db: Executor,
  batch: { year: number; afterId: number; limit: number },
): Promise<PlanSource[]> {
  // The schedules' own bound on property_id is implied by the join, but PostgreSQL does not infer it: without it the
  // merge join scans the year's schedules from the first property on every batch (quadratic over a run).
  const result = await db.execute<PlanSourceRow>(sql`
    select ${PLAN_SOURCE_COLUMNS}
    from properties p
    left join property_schedules s
      on s.property_id = p.id and s.year = ${batch.year} and s.property_id > ${batch.afterId}
    where p.id > ${batch.afterId}
    order by p.id
    limit ${batch.limit}`);
  return result.rows.map(toPlanSource);
}

/** The given properties (live or not), in id order, with their schedule row of the year. */
export async function planSourcesOf(db: Executor, year: number, propertyIds: readonly number[]): Promise<PlanSource[]> {
  const result = await db.execute<PlanSourceRow>(sql`
    select ${PLAN_SOURCE_COLUMNS}
    from properties p
    left join property_schedules s on s.property_id = p.id and s.year = ${year}
    where p.id = any(${sql.param([...propertyIds])}::int[])
    order by p.id`);
  return result.rows.map(toPlanSource);
}

/** The weeks changed by hand in a year, by property (properties without any are left out). */
export async function findWeekOverrides(
  db: Executor,
  year: number,
  propertyIds: readonly number[],
): Promise<Map<number, WeekOverride[]>> {
  const byProperty = new Map<number, WeekOverride[]>();
  if (propertyIds.length === 0) return byProperty;
  const result = await db.execute<{
    property_id: number;
    week: number;
    kind: 'added' | 'removed';
    workday: string | null;
  }>(
    sql`select property_id, week, kind, workday::text as workday from property_week_overrides
        where year = ${year} and property_id = any(${sql.param([...propertyIds])}::int[])`,
  );
  for (const row of result.rows) {
    const list = byProperty.get(row.property_id) ?? [];
    list.push({ week: row.week, kind: row.kind, workday: row.workday });
    byProperty.set(row.property_id, list);
  }
  return byProperty;
}

export type PropertyPlan = { propertyId: number; planned: readonly IsoDate[]; workdays: readonly IsoDate[] };

const arrayLiteral = (dates: readonly string[]) => `{${dates.join(',')}}`;

/**
 * Stores the plans of a batch of properties for a year in one statement (inserted, or replacing the row's dates);
 * `planned_at` records when each row was last written.
 */
export async function savePlans(db: Executor, year: number, plans: readonly PropertyPlan[]): Promise<void> {
  if (plans.length === 0) return;
  const ids = plans.map((plan) => plan.propertyId);
  const planned = plans.map((plan) => arrayLiteral(plan.planned));
  const workdays = plans.map((plan) => arrayLiteral(plan.workdays));
  await db.execute(sql`
    insert into property_schedules (property_id, year, planned, workdays, planned_at)
    select id, ${year}, planned::date[], workdays::date[], now()
    from unnest(${sql.param(ids)}::int[], ${sql.param(planned)}::text[], ${sql.param(workdays)}::text[]) as batch(id, planned, workdays)
    on conflict (property_id, year) do update
      set planned = excluded.planned, workdays = excluded.workdays, planned_at = now(), updated_at = now()`);
}

/**
 * The years from `fromYear` on that a property's re-plan covers: every year it already has a schedule for or that has
 * been processed for everyone, and `fromYear` itself.
 */
export async function replanYears(db: Executor, propertyId: number, fromYear: number): Promise<number[]> {
  const result = await db.execute<{ year: number }>(sql`
    select year from property_schedules where property_id = ${propertyId} and year >= ${fromYear}
    union
    select year from schedule_runs where status = 'completed' and year >= ${fromYear}
    union
    select ${fromYear}::smallint
    order by year`);
  return result.rows.map((row) => Number(row.year));
}

export async function findWinterOption(db: Executor, propertyId: number, year: number): Promise<boolean> {
  const [row] = await db
    .select({ hasWinter: propertySchedules.hasWinter })
    .from(propertySchedules)
    .where(and(eq(propertySchedules.propertyId, propertyId), eq(propertySchedules.year, year)));
  return row?.hasWinter ?? false;
}

/** Sets a year's winter option, creating the year's row (with no dates yet) when it has none. */
export async function saveWinterOption(
  db: Executor,
  propertyId: number,
  year: number,
  hasWinter: boolean,
): Promise<void> {
  await db
    .insert(propertySchedules)
    .values({ propertyId, year, hasWinter })
    .onConflictDoUpdate({
      target: [propertySchedules.propertyId, propertySchedules.year],
      set: { hasWinter, updatedAt: sql`now()` },
    });
}
