import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notes, users, type NewNoteRecord, type NoteRecord } from '../../db/schema';
import type { ListQuery } from '../../http/list-query';

/** A note with its author's name, as every answer shows it. */
const noteFields = {
  note: notes,
  authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};
export type NoteRow = { note: NoteRecord; authorName: string | null };

const ofRecord = (propertyId: number, noteId: number) => and(eq(notes.propertyId, propertyId), eq(notes.id, noteId));

export async function listNotes(db: Executor, propertyId: number, query: ListQuery) {
  const where = and(eq(notes.propertyId, propertyId), query.where);
  const [counted] = await db.select({ total: count() }).from(notes).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows = await db
    .select(noteFields)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.userId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}

export async function findNote(db: Executor, propertyId: number, noteId: number): Promise<NoteRow | null> {
  const [row] = await db
    .select(noteFields)
    .from(notes)
    .leftJoin(users, eq(users.id, notes.userId))
    .where(ofRecord(propertyId, noteId));
  return row ?? null;
}

/** One of the record's notes, locked for the rest of the transaction (an edit compares and bumps its version). */
export async function lockNote(db: Executor, propertyId: number, noteId: number): Promise<NoteRecord | null> {
  const [row] = await db.select().from(notes).where(ofRecord(propertyId, noteId)).for('update');
  return row ?? null;
}

export async function insertNote(db: Executor, values: NewNoteRecord): Promise<NoteRecord> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('note not inserted');
  return row;
}

export type NoteChanges = Partial<
  Pick<NewNoteRecord, 'serviceDate' | 'serviceHour' | 'description' | 'rejectionReasons' | 'reason' | 'status'>
>;

/** Stores the edit and moves the note to its next version. */
export async function updateNote(db: Executor, noteId: number, changes: NoteChanges): Promise<void> {
  await db
    .update(notes)
    .set({ ...changes, version: sql`${notes.version} + 1` })
    .where(eq(notes.id, noteId));
}

/** Deletes those of `ids` that are the record's notes; answers the deleted ones. */
export async function deleteNotes(db: Executor, propertyId: number, ids: readonly number[]): Promise<NoteRecord[]> {
  return db
    .delete(notes)
    .where(and(eq(notes.propertyId, propertyId), inArray(notes.id, [...ids])))
    .returning();
}
