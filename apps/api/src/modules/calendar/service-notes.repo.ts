import type { ServiceNote, ServiceNoteType } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The year's skips, write-ins and redos of a property with the user who recorded each, newest first. `count` is the
 * note's ordinal among the year's notes of its type, counted by date (the first skip of the year is 1).
 */
export async function listServiceNotes(executor: Executor, propertyId: number, year: number): Promise<ServiceNote[]> {
  const result = await executor.execute<{
    id: string | number;
    type: ServiceNoteType;
    year: number;
    week: number;
    workday: string;
    count: number;
    first_name: string;
    last_name: string;
    message: string;
    created_at: string | Date;
  }>(sql`
    select n.id, n.type, n.year, n.week, n.workday::text as workday,
      (row_number() over (partition by n.type order by n.workday, n.id))::int as count,
      coalesce(u.first_name, '') as first_name, coalesce(u.last_name, '') as last_name, n.message, n.created_at
    from service_notes n
    left join users u on u.id = n.user_id
    where n.property_id = ${propertyId} and n.year = ${year}
    order by n.workday desc, n.id desc`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    year: Number(row.year),
    week: Number(row.week),
    workday: row.workday,
    count: row.count,
    firstName: row.first_name,
    lastName: row.last_name,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export type NoteKey = { propertyId: number; type: ServiceNoteType; year: number; week: number };
export type StoredNote = { id: number; workday: string; message: string };

/** One note by its natural key (unique per property, year, week and type), locked for the transaction. */
export async function lockServiceNote(executor: Executor, key: NoteKey): Promise<StoredNote | null> {
  const result = await executor.execute<{ id: string | number; workday: string; message: string }>(sql`
    select id, workday::text as workday, message from service_notes
    where property_id = ${key.propertyId} and year = ${key.year} and week = ${key.week} and type = ${key.type}
    for update`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), workday: row.workday, message: row.message } : null;
}

export async function updateServiceNoteMessage(executor: Executor, id: number, message: string): Promise<void> {
  await executor.execute(sql`update service_notes set message = ${message}, updated_at = now() where id = ${id}`);
}

export async function deleteServiceNote(executor: Executor, id: number): Promise<void> {
  await executor.execute(sql`delete from service_notes where id = ${id}`);
}
