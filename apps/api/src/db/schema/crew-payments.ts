import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** One uploaded crew-payment file: its title and who loaded it. Its rows are saved all together or not at all. */
export const crewPaymentUploads = pgTable('crew_payment_uploads', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  title: varchar('title', { length: 100 }).notNull(),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  rowCount: integer('row_count').notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** What a crew was paid on a day, one row of an uploaded file. */
export const crewPayments = pgTable(
  'crew_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => crewPaymentUploads.id),
    crewNumber: integer('crew_number').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    note: varchar('note', { length: 255 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('crew_payments_crew_number_idx').on(table.crewNumber),
    index('crew_payments_upload_idx').on(table.uploadId),
    check('crew_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);
