import { VISIT_CONFIRMATIONS, VISIT_NOTE_MAX, VISIT_PHOTO_KINDS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/**
 * A crew's visit to a property on a scheduled day (`workday`), one per property and day: checked in on arrival and
 * checked out when done, each at the server's time, with a photo each (`visit_photos`) and a note at check-out.
 * `year` and `week` are the mow week of the workday, as invoices key a service. A scheduled mow the crew never
 * checked out of gets a row too, when billing finds it past its deadline: the office then settles it as done (billed)
 * or skipped (`confirmation`).
 */
export const visits = pgTable(
  'visits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    workday: date('workday', { mode: 'string' }).notNull(),
    year: smallint('year').notNull(),
    week: smallint('week').notNull(),
    /** The crew number of who checked in (the property's crew can change later). */
    crew: integer('crew'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: userRef('checked_in_by'),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    checkedOutBy: userRef('checked_out_by'),
    checkOutNote: varchar('check_out_note', { length: VISIT_NOTE_MAX }).notNull().default(''),
    confirmation: text('confirmation', { enum: VISIT_CONFIRMATIONS }),
    confirmedBy: userRef('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('visits_property_workday_unique').on(table.propertyId, table.workday),
    // The record's completed services, newest first.
    index('visits_completed_idx')
      .on(table.propertyId, table.workday.desc(), table.id)
      .where(sql`checked_out_at is not null`),
    // Billing: checked-out visits not invoiced yet; the office's list of visits to confirm.
    index('visits_checked_out_at_idx').on(table.checkedOutAt),
    // The reconciliation report finds the visits of a selection's days.
    index('visits_workday_idx').on(table.workday),
    index('visits_to_confirm_idx')
      .on(table.workday, table.id)
      .where(sql`checked_out_at is null and confirmation is null`),
    index('visits_checked_in_by_idx').on(table.checkedInBy),
    index('visits_checked_out_by_idx').on(table.checkedOutBy),
    index('visits_confirmed_by_idx').on(table.confirmedBy),
    check('visits_confirmation_check', sql`${table.confirmation} in (${sqlList(VISIT_CONFIRMATIONS)})`),
    check('visits_week_check', sql`${table.week} between 1 and 53`),
    check('visits_check_out_after_in', sql`${table.checkedOutAt} is null or ${table.checkedInAt} is not null`),
  ],
);

export type VisitRecord = typeof visits.$inferSelect;
export type NewVisitRecord = typeof visits.$inferInsert;

/**
 * The photo of each end of a visit, kept in the file store under `storageKey` (a name the server makes,
 * `visits/<visit id>/<random>`); `filename` is the name the phone gave it. One photo per visit and kind.
 */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VISIT_PHOTO_KINDS }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('visit_photos_visit_kind_unique').on(table.visitId, table.kind),
    uniqueIndex('visit_photos_storage_key_idx').on(table.storageKey),
    index('visit_photos_user_idx').on(table.userId),
    check('visit_photos_kind_check', sql`${table.kind} in (${sqlList(VISIT_PHOTO_KINDS)})`),
    check('visit_photos_size_check', sql`${table.size} >= 0`),
  ],
);

export type VisitPhotoRecord = typeof visitPhotos.$inferSelect;
export type NewVisitPhotoRecord = typeof visitPhotos.$inferInsert;
