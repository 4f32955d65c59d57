import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  noteAttachments,
  notes,
  users,
  type NewNoteAttachmentRecord,
  type NoteAttachmentRecord,
} from '../../db/schema';
import type { ListQuery } from '../../http/list-query';

/** An attachment with the name of who attached it, as every answer shows it. */
const attachmentFields = {
  attachment: noteAttachments,
  authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};
export type AttachmentRow = { attachment: NoteAttachmentRecord; authorName: string | null };

export async function listAttachments(db: Executor, noteId: number, query: ListQuery) {
  const where = and(eq(noteAttachments.noteId, noteId), query.where);
  const [counted] = await db.select({ total: count() }).from(noteAttachments).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows = await db
    .select(attachmentFields)
    .from(noteAttachments)
    .leftJoin(users, eq(users.id, noteAttachments.userId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}

/** The names of the files a note already has: an upload ignores files of these names. */
export async function attachmentNames(db: Executor, noteId: number): Promise<Set<string>> {
  const rows = await db
    .select({ filename: noteAttachments.filename })
    .from(noteAttachments)
    .where(eq(noteAttachments.noteId, noteId));
  return new Set(rows.map((row) => row.filename));
}

/** One attachment of a note of a record (all three must match, so an id of another record is not found). */
export async function findAttachment(
  db: Executor,
  propertyId: number,
  noteId: number,
  attachmentId: number,
): Promise<NoteAttachmentRecord | null> {
  const [row] = await db
    .select({ attachment: noteAttachments })
    .from(noteAttachments)
    .innerJoin(notes, eq(notes.id, noteAttachments.noteId))
    .where(and(eq(notes.propertyId, propertyId), eq(notes.id, noteId), eq(noteAttachments.id, attachmentId)));
  return row?.attachment ?? null;
}

export async function findAttachmentRows(db: Executor, ids: readonly number[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(attachmentFields)
    .from(noteAttachments)
    .leftJoin(users, eq(users.id, noteAttachments.userId))
    .where(inArray(noteAttachments.id, [...ids]))
    .orderBy(noteAttachments.id);
}

/**
 * Stores the rows; a name the note already has (a concurrent upload of the same name) is skipped by the unique
 * index. Answers the rows stored.
 */
export async function insertAttachments(
  db: Executor,
  rows: readonly NewNoteAttachmentRecord[],
): Promise<NoteAttachmentRecord[]> {
  if (rows.length === 0) return [];
  return db
    .insert(noteAttachments)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

export async function deleteAttachment(db: Executor, attachmentId: number): Promise<NoteAttachmentRecord | null> {
  const [row] = await db.delete(noteAttachments).where(eq(noteAttachments.id, attachmentId)).returning();
  return row ?? null;
}

/** The store keys of the files of those of `noteIds` that are the record's notes (before the notes are deleted). */
export async function storageKeysOfNotes(
  db: Executor,
  propertyId: number,
  noteIds: readonly number[],
): Promise<string[]> {
  const rows = await db
    .select({ key: noteAttachments.storageKey })
    .from(noteAttachments)
    .innerJoin(notes, eq(notes.id, noteAttachments.noteId))
    .where(and(eq(notes.propertyId, propertyId), inArray(notes.id, [...noteIds])));
  return rows.map((row) => row.key);
}
