import { BILLING_NOTE_STATUSES, NOTE_TYPE, NOTE_TYPES, REJECTION_REASONS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

const codes = (labels: Record<number, string>) => Object.keys(labels).map(Number);

/** One 5th mow note a property: a second one is met as 'already received'. */
export const FIFTH_MOW_NOTE_UNIQUE_INDEX = 'notes_fifth_mow_unique';

/**
 * A note on a property: call (1), private (2), special request (3), rejected (4), 5th mow (5) or billing (7). Its
 * attachments (below) hang off it. `version` goes up by one with every edit, so a save from an older copy is refused.
 */
export const notes = pgTable(
  'notes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    typeId: smallint('type_id').notNull(),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** 24-hour HH:mm. */
    serviceHour: varchar('service_hour', { length: 5 }).notNull(),
    /** Empty only on a rejected note whose rejection reasons say enough. */
    description: text('description').notNull().default(''),
    rejectionReasons: text('rejection_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A billing note's reason (a pick-list option) and status (1 pending, 2 completed). */
    reason: varchar('reason', { length: 100 }),
    status: smallint('status'),
    /** The author. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A record's notes of a type, newest first, a page at a time; also their count.
    index('notes_property_type_idx').on(table.propertyId, table.typeId, table.id),
    index('notes_user_idx').on(table.userId),
    // The lookup's "a note of this type on these days": the properties, from the index alone.
    index('notes_type_date_idx').on(table.typeId, table.serviceDate, table.propertyId),
    // A property's 5th mow discount is applied once: a second 5th mow note is refused.
    uniqueIndex(FIFTH_MOW_NOTE_UNIQUE_INDEX)
      .on(table.propertyId)
      .where(sql`type_id = ${sql.raw(String(NOTE_TYPE.fifthMow))}`),
    check('notes_type_check', sql`${table.typeId} in (${sqlList(codes(NOTE_TYPES))})`),
    check('notes_status_check', sql`${table.status} in (${sqlList(codes(BILLING_NOTE_STATUSES))})`),
    check('notes_service_hour_check', sql`${table.serviceHour} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'notes_rejection_reasons_check',
      sql`${table.rejectionReasons} <@ array[${sqlList(REJECTION_REASONS)}]::text[]`,
    ),
  ],
);

export type NoteRecord = typeof notes.$inferSelect;
export type NewNoteRecord = typeof notes.$inferInsert;

/**
 * A file attached to a note: a JPEG or PNG image or an audio file, kept in the file store under `storageKey`, a name
 * the server makes (`notes/<note id>/<random>.<ext>`), never the client's. `filename` is the name it was attached
 * with, unique per note: a second file of the same name on the note is ignored. The rows go with their note (and the
 * notes service deletes their files then).
 */
export const noteAttachments = pgTable(
  'note_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noteId: integer('note_id')
      .notNull()
      .references(() => notes.id, { onDelete: 'cascade' }),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Who attached it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('note_attachments_note_filename_idx').on(table.noteId, table.filename),
    uniqueIndex('note_attachments_storage_key_idx').on(table.storageKey),
    index('note_attachments_user_idx').on(table.userId),
    check('note_attachments_size_check', sql`${table.size} >= 0`),
  ],
);

export type NoteAttachmentRecord = typeof noteAttachments.$inferSelect;
export type NewNoteAttachmentRecord = typeof noteAttachments.$inferInsert;
