import { mowYearStart, type Calendar, type CalendarWeek } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insertRecord, type RecordFixture } from '../../test/record-fixtures';
import { planPropertiesForYear } from '../schedule/schedule.service';

/** Wednesday of week 16 of mow year 2026 (Jun 8-14), 10:00 in Chicago. */
export const TEST_NOW = new Date('2026-06-10T15:00:00Z');
export const testClock = () => TEST_NOW;

/** A property planned for the whole of each given mow year, as processing would have left it. */
export async function insertPlannedRecord(
  db: Database,
  fixture: RecordFixture,
  years: readonly number[] = [2026],
): Promise<number> {
  const { id } = await insertRecord(db, fixture);
  for (const year of years) await planPropertiesForYear(db, year, [id], mowYearStart(year));
  return id;
}

/** How many rows a property has in each table a schedule change writes to ("nothing written" checks). */
export async function scheduleRowCounts(db: Database, propertyId: number) {
  const result = await db.execute<{ notes: number; overrides: number; history: number; workdays: string }>(sql`
    select
      (select count(*)::int from service_notes where property_id = ${propertyId}) as notes,
      (select count(*)::int from property_week_overrides where property_id = ${propertyId}) as overrides,
      (select count(*)::int from customer_history where property_id = ${propertyId}) as history,
      (select coalesce(string_agg(workdays::text, ';' order by year), '') from property_schedules
        where property_id = ${propertyId}) as workdays`);
  return result.rows[0];
}

export function weekOfCalendar(calendar: Calendar, week: number): CalendarWeek {
  const found = calendar.data.find((item) => item.week === week);
  if (!found) throw new Error(`week ${week} not in the calendar`);
  return found;
}

export const activeWeeks = (calendar: Calendar): number[] =>
  calendar.data.filter((item) => item.customer.active).map((item) => item.week);
