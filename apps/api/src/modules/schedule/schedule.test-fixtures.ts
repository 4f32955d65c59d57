import {
  defaultSeasonWeeks,
  effectiveWorkdays,
  planWorkdays,
  type Frequency,
  type IsoDate,
  type SeasonWeekType,
  type WeekOverride,
  type Weekday,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export type StoredSchedule = { planned: IsoDate[]; workdays: IsoDate[]; hasWinter: boolean };

/** A property's stored schedule of a year, dates as 'YYYY-MM-DD'; null when it has no row. */
export async function readSchedule(db: Executor, propertyId: number, year: number): Promise<StoredSchedule | null> {
  const result = await db.execute<{ planned: string[]; workdays: string[]; has_winter: boolean }>(sql`
    select planned::text[] as planned, workdays::text[] as workdays, has_winter
    from property_schedules where property_id = ${propertyId} and year = ${year}`);
  const row = result.rows[0];
  return row ? { planned: row.planned, workdays: row.workdays, hasWinter: row.has_winter } : null;
}

/** Writes a schedule row directly (a previous plan, a winter option) for the planner to start from. */
export async function writeSchedule(
  db: Executor,
  propertyId: number,
  year: number,
  values: Partial<StoredSchedule>,
): Promise<void> {
  const planned = values.planned ?? [];
  const workdays = values.workdays ?? planned;
  await db.execute(sql`
    insert into property_schedules (property_id, year, planned, workdays, has_winter)
    values (${propertyId}, ${year}, ${sql.param(planned)}::date[], ${sql.param(workdays)}::date[],
      ${values.hasWinter ?? false})
    on conflict (property_id, year) do update
      set planned = excluded.planned, workdays = excluded.workdays, has_winter = excluded.has_winter`);
}

export async function addOverride(
  db: Executor,
  propertyId: number,
  year: number,
  override: WeekOverride,
): Promise<void> {
  await db.execute(sql`
    insert into property_week_overrides (property_id, year, week, kind, workday)
    values (${propertyId}, ${year}, ${override.week}, ${override.kind}, ${override.workday})`);
}

/**
 * What the shared rules say a property's whole-year plan is, computed here from its record (not by the planner):
 * the regular plan (`planWorkdays`) and, with its week overrides, the effective workdays (`effectiveWorkdays`).
 */
export async function expectedSchedule(
  db: Executor,
  propertyId: number,
  year: number,
  season: readonly SeasonWeekType[] = defaultSeasonWeeks(year),
): Promise<{ planned: IsoDate[]; workdays: IsoDate[] }> {
  const result = await db.execute<{
    week_day: number;
    srv_frequency: number;
    status: number;
    status_orders: number;
    is_deleted: boolean;
    service_date: string | null;
    send_schedule: number | null;
    future_cancel: number | null;
    has_winter: boolean | null;
  }>(sql`
    select p.week_day, p.srv_frequency, p.status, p.status_orders, p.deleted_at is not null as is_deleted,
      p.service_date::text as service_date, p.send_schedule, p.future_cancel, s.has_winter
    from properties p left join property_schedules s on s.property_id = p.id and s.year = ${year}
    where p.id = ${propertyId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`property ${propertyId} not found`);
  const planned = planWorkdays({
    year,
    weekDay: row.week_day as Weekday,
    frequency: row.srv_frequency as Frequency,
    status: row.status,
    statusOrders: row.status_orders,
    isDeleted: row.is_deleted,
    serviceDate: row.service_date,
    sendSchedule: row.send_schedule,
    futureCancel: row.future_cancel,
    hasWinter: row.has_winter ?? false,
    seasonWeeks: season,
  });
  const overrides = await db.execute<{ week: number; kind: 'added' | 'removed'; workday: string | null }>(sql`
    select week, kind, workday::text as workday from property_week_overrides
    where property_id = ${propertyId} and year = ${year}`);
  return { planned, workdays: effectiveWorkdays(year, planned, overrides.rows) };
}
