import {
  defaultSeasonWeeks,
  effectiveWorkdays,
  mergeFromDate,
  mowYearOf,
  planWorkdays,
  replanStart,
  type Frequency,
  type IsoDate,
  type SeasonWeekType,
  type WeekOverride,
  type Weekday,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Writes property schedules: the regular plan from the shared rules (`planWorkdays`) and the effective workdays with
 * the hand-made week changes. Used by the processing job (batches of properties), by re-plans after a record change
 * and by the calendar after a week change. Skips, write-ins and redos live in `service_notes` and are never touched.
 */

export type SeasonOfYear = { types: SeasonWeekType[]; isSaved: boolean };

/** The year's stored season weeks, or the default season when nobody has edited the year. */
export async function loadSeason(executor: Executor, year: number): Promise<SeasonOfYear> {
  const result = await executor.execute<{ week: number; type: SeasonWeekType }>(
    sql`select week, type from season_weeks where year = ${year} order by week`,
  );
  const defaults = defaultSeasonWeeks(year);
  if (result.rows.length === 0) return { types: defaults, isSaved: false };
  const types = [...defaults];
  for (const row of result.rows) if (row.week <= types.length) types[row.week - 1] = row.type;
  return { types, isSaved: true };
}

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

const SOURCE_COLUMNS = sql`p.id, p.week_day, p.srv_frequency, p.status, p.status_orders,
  p.deleted_at is not null as is_deleted, p.service_date::text as service_date, p.send_schedule, p.future_cancel,
  s.property_id is not null as has_row, coalesce(s.has_winter, false) as has_winter,
  s.planned::text[] as planned, s.workdays::text[] as workdays`;

async function loadOverrides(executor: Executor, year: number, ids: number[]): Promise<Map<number, WeekOverride[]>> {
  const byProperty = new Map<number, WeekOverride[]>();
  if (ids.length === 0) return byProperty;
  const result = await executor.execute<{
    property_id: number;
    week: number;
    kind: 'added' | 'removed';
    workday: string | null;
  }>(
    sql`select property_id, week, kind, workday::text as workday from property_week_overrides
        where year = ${year} and property_id = any(${sql.param(ids)}::int[])`,
  );
  for (const row of result.rows) {
    const list = byProperty.get(row.property_id) ?? [];
    list.push({ week: row.week, kind: row.kind, workday: row.workday });
    byProperty.set(row.property_id, list);
  }
  return byProperty;
}

const sameDates = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);
const arrayLiteral = (dates: readonly string[]) => `{${dates.join(',')}}`;

/** Plans the given source rows for the year; writes only rows whose dates change. Returns the rows written. */
async function planRows(
  executor: Executor,
  year: number,
  season: readonly SeasonWeekType[],
  from: IsoDate,
  rows: readonly PlanSourceRow[],
): Promise<number> {
  const overrides = await loadOverrides(
    executor,
    year,
    rows.map((row) => row.id),
  );
  const ids: number[] = [];
  const planned: string[] = [];
  const workdays: string[] = [];
  for (const row of rows) {
    const next = planWorkdays({
      year,
      weekDay: row.week_day as Weekday,
      frequency: row.srv_frequency as Frequency,
      status: row.status,
      statusOrders: row.status_orders,
      isDeleted: row.is_deleted,
      serviceDate: row.service_date,
      sendSchedule: row.send_schedule,
      futureCancel: row.future_cancel,
      hasWinter: row.has_winter,
      seasonWeeks: season,
    });
    const previousPlanned = row.planned ?? [];
    const newPlanned = mergeFromDate(previousPlanned, next, from);
    const propertyOverrides = overrides.get(row.id) ?? [];
    const newWorkdays = effectiveWorkdays(year, newPlanned, propertyOverrides);
    if (!row.has_row && newPlanned.length === 0 && newWorkdays.length === 0) continue;
    if (row.has_row && sameDates(previousPlanned, newPlanned) && sameDates(row.workdays ?? [], newWorkdays)) continue;
    ids.push(row.id);
    planned.push(arrayLiteral(newPlanned));
    workdays.push(arrayLiteral(newWorkdays));
  }
  if (ids.length === 0) return 0;
  await executor.execute(sql`
    insert into property_schedules (property_id, year, planned, workdays, planned_at)
    select id, ${year}, planned::date[], workdays::date[], now()
    from unnest(${sql.param(ids)}::int[], ${sql.param(planned)}::text[], ${sql.param(workdays)}::text[]) as batch(id, planned, workdays)
    on conflict (property_id, year) do update
      set planned = excluded.planned, workdays = excluded.workdays, planned_at = now(), updated_at = now()`);
  return ids.length;
}

export type PlanBatch = {
  year: number;
  season: readonly SeasonWeekType[];
  from: IsoDate;
  afterId: number;
  limit: number;
};
export type PlanBatchResult = { count: number; written: number; lastPropertyId: number | null };

/**
 * Plans the next `limit` properties (live or not: a deleted property's future dates must go) after `afterId`, in id
 * order. The caller runs it in a transaction together with its cursor update.
 */
export async function planPropertyBatch(executor: Executor, batch: PlanBatch): Promise<PlanBatchResult> {
  // The schedules' own bound on property_id is implied by the join, but PostgreSQL does not infer it: without it the
  // merge join scans the year's schedules from the first property on every batch (quadratic over a run).
  const result = await executor.execute<PlanSourceRow>(sql`
    select ${SOURCE_COLUMNS}
    from properties p
    left join property_schedules s
      on s.property_id = p.id and s.year = ${batch.year} and s.property_id > ${batch.afterId}
    where p.id > ${batch.afterId}
    order by p.id
    limit ${batch.limit}`);
  const rows = result.rows;
  const written = await planRows(executor, batch.year, batch.season, batch.from, rows);
  return { count: rows.length, written, lastPropertyId: rows.at(-1)?.id ?? null };
}

/** Plans some properties for one year (a re-plan after a record change, or a calendar change). */
export async function planPropertiesForYear(
  executor: Executor,
  year: number,
  propertyIds: readonly number[],
  from: IsoDate,
): Promise<void> {
  const season = await loadSeason(executor, year);
  const result = await executor.execute<PlanSourceRow>(sql`
    select ${SOURCE_COLUMNS}
    from properties p
    left join property_schedules s on s.property_id = p.id and s.year = ${year}
    where p.id = any(${sql.param([...propertyIds])}::int[])
    order by p.id`);
  await planRows(executor, year, season.types, from, result.rows);
}

/**
 * The years a property's re-plan covers: from the mow year `today` is in, every year the property already has a
 * schedule for or that has been processed for everyone.
 */
export async function plannedYearsFrom(executor: Executor, propertyId: number, today: IsoDate): Promise<number[]> {
  const current = mowYearOf(today);
  const result = await executor.execute<{ year: number }>(sql`
    select year from property_schedules where property_id = ${propertyId} and year >= ${current}
    union
    select year from schedule_runs where status = 'completed' and year >= ${current}
    union
    select ${current}::smallint
    order by year`);
  return result.rows.map((row) => Number(row.year));
}

/**
 * Re-plans one property from `today` on, at once (spec: any change to frequency, mow day, status or future cancel).
 * Past service dates stay as they were; a future year is re-planned whole.
 */
export async function replanProperty(executor: Executor, propertyId: number, today: IsoDate): Promise<void> {
  for (const year of await plannedYearsFrom(executor, propertyId, today)) {
    await replanPropertyYear(executor, propertyId, year, today);
  }
}

/** Re-plans one property's year after a change to it (a week changed by hand, the winter option). */
export async function replanPropertyYear(
  executor: Executor,
  propertyId: number,
  year: number,
  today: IsoDate,
): Promise<void> {
  await planPropertiesForYear(executor, year, [propertyId], replanStart(year, today));
}

export async function findWinterOption(executor: Executor, propertyId: number, year: number): Promise<boolean> {
  const result = await executor.execute<{ has_winter: boolean }>(
    sql`select has_winter from property_schedules where property_id = ${propertyId} and year = ${year}`,
  );
  return result.rows[0]?.has_winter ?? false;
}

/** Sets a year's winter option (creating the year's row when it has none yet) and re-plans that year. */
export async function setWinterOption(
  executor: Executor,
  propertyId: number,
  year: number,
  hasWinter: boolean,
  today: IsoDate,
): Promise<void> {
  await executor.execute(sql`
    insert into property_schedules (property_id, year, has_winter)
    values (${propertyId}, ${year}, ${hasWinter})
    on conflict (property_id, year) do update set has_winter = excluded.has_winter, updated_at = now()`);
  await replanPropertyYear(executor, propertyId, year, today);
}
