import type { IsoDate, ServiceNoteType, WeekOverride } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** What a property's calendar needs from the property itself. */
export type CalendarProperty = {
  id: number;
  weekDay: number;
  joinDate: IsoDate | null;
  serviceDate: IsoDate | null;
};

/** A skip, write-in or redo as the calendar uses it. */
export type WeekNote = { id: number; week: number; type: ServiceNoteType; workday: IsoDate; message: string };

/** One property's stored schedule of one year: the plan, the effective dates, hand changes and service notes. */
export type PropertyYear = {
  planned: IsoDate[];
  workdays: IsoDate[];
  hasWinter: boolean;
  overrides: WeekOverride[];
  notes: WeekNote[];
  /** The weeks with an open to-do. */
  todoWeeks: number[];
};

/** A live property (deleted ones have no calendar); `lock` holds it for the rest of the transaction. */
export async function findCalendarProperty(
  executor: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CalendarProperty | null> {
  const result = await executor.execute<{
    id: number;
    week_day: number;
    join_date: string | null;
    service_date: string | null;
  }>(sql`
    select p.id, p.week_day, p.join_date::text as join_date, p.service_date::text as service_date
    from properties p
    where p.id = ${id} and p.deleted_at is null
    ${options.lock ? sql`for update` : sql``}`);
  const row = result.rows[0];
  if (!row) return null;
  return { id: row.id, weekDay: row.week_day, joinDate: row.join_date, serviceDate: row.service_date };
}

type YearRow = {
  planned: string[] | null;
  workdays: string[] | null;
  has_winter: boolean | null;
  overrides: { week: number; kind: 'added' | 'removed'; workday: string | null }[] | null;
  notes: { id: number; week: number; type: ServiceNoteType; workday: string; message: string }[] | null;
  todo_weeks: number[] | null;
};

/**
 * The columns of one property's year, for a select joining `property_schedules s` of that year: the schedule row by
 * its primary key, the overrides, the notes and the open to-dos by their (property, year, ...) keys, so a calendar stays a few index
 * lookups at 1M properties.
 */
const yearColumns = (propertyId: number, year: number) => sql`
  s.planned::text[] as planned, s.workdays::text[] as workdays, s.has_winter,
  (select json_agg(json_build_object('week', o.week, 'kind', o.kind, 'workday', o.workday::text) order by o.week)
     from property_week_overrides o where o.property_id = ${propertyId} and o.year = ${year}) as overrides,
  (select json_agg(json_build_object('id', n.id, 'week', n.week, 'type', n.type, 'workday', n.workday::text,
                                     'message', n.message) order by n.workday, n.id)
     from service_notes n where n.property_id = ${propertyId} and n.year = ${year}) as notes,
  (select array_agg(t.week order by t.week)
     from property_todos t where t.property_id = ${propertyId} and t.year = ${year} and not t.done) as todo_weeks`;

function toPropertyYear(row: YearRow | undefined): PropertyYear {
  return {
    planned: row?.planned ?? [],
    workdays: row?.workdays ?? [],
    hasWinter: row?.has_winter ?? false,
    overrides: row?.overrides ?? [],
    notes: (row?.notes ?? []).map((note) => ({ ...note, id: Number(note.id) })),
    todoWeeks: row?.todo_weeks ?? [],
  };
}

/** One property's stored year (empty when the year has not been planned for it). */
export async function loadPropertyYear(executor: Executor, propertyId: number, year: number): Promise<PropertyYear> {
  const result = await executor.execute<YearRow>(sql`
    select ${yearColumns(propertyId, year)}
    from (select 1) as one
    left join property_schedules s on s.property_id = ${propertyId} and s.year = ${year}`);
  return toPropertyYear(result.rows[0]);
}

/** A live property and its stored year in one round trip (what a calendar request needs first). */
export async function findPropertyWithYear(
  executor: Executor,
  propertyId: number,
  year: number,
): Promise<{ property: CalendarProperty; schedule: PropertyYear } | null> {
  const result = await executor.execute<
    YearRow & { id: number; week_day: number; join_date: string | null; service_date: string | null }
  >(sql`
    select p.id, p.week_day, p.join_date::text as join_date, p.service_date::text as service_date,
      ${yearColumns(propertyId, year)}
    from properties p
    left join property_schedules s on s.property_id = p.id and s.year = ${year}
    where p.id = ${propertyId} and p.deleted_at is null`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    property: { id: row.id, weekDay: row.week_day, joinDate: row.join_date, serviceDate: row.service_date },
    schedule: toPropertyYear(row),
  };
}

export async function upsertOverride(
  executor: Executor,
  override: { propertyId: number; year: number; week: number; kind: 'added' | 'removed'; workday: IsoDate | null },
  userId: number,
): Promise<void> {
  await executor.execute(sql`
    insert into property_week_overrides (property_id, year, week, kind, workday, user_id)
    values (${override.propertyId}, ${override.year}, ${override.week}, ${override.kind}, ${override.workday},
            ${userId})
    on conflict (property_id, year, week) do update
      set kind = excluded.kind, workday = excluded.workday, user_id = excluded.user_id, created_at = now()`);
}

export async function deleteOverride(executor: Executor, propertyId: number, year: number, week: number) {
  await executor.execute(
    sql`delete from property_week_overrides where property_id = ${propertyId} and year = ${year} and week = ${week}`,
  );
}

export async function insertServiceNote(
  executor: Executor,
  note: { propertyId: number; year: number; week: number; type: ServiceNoteType; workday: IsoDate; message: string },
  userId: number,
): Promise<void> {
  await executor.execute(sql`
    insert into service_notes (property_id, year, week, type, workday, message, user_id)
    values (${note.propertyId}, ${note.year}, ${note.week}, ${note.type}, ${note.workday}, ${note.message},
            ${userId})`);
}

/** The year's skips (the counter the record header shows). */
export async function countSkips(executor: Executor, propertyId: number, year: number): Promise<number> {
  const result = await executor.execute<{ count: number }>(sql`
    select count(*)::int as count from service_notes
    where property_id = ${propertyId} and year = ${year} and type = 'skip'`);
  return result.rows[0]?.count ?? 0;
}
