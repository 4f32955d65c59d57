import { REPORT_FORMATS, REPORT_STATUSES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { users } from './users';

/**
 * A requested export (customer list, lookups, ...): written by a background job, owned by the user who asked.
 * `query` says what to export (e.g. the chosen ids or the list's filter and sort); `rowCount` is the progress.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('requested'),
    type: text('type').notNull().default('customer-list'),
    query: jsonb('query').notNull(),
    filePath: text('file_path'),
    rowCount: integer('row_count').notNull().default(0),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('reports_user_created_idx').on(table.userId, table.createdAt.desc(), table.id),
    check('reports_format_check', sql`${table.format} in (${sqlList(REPORT_FORMATS)})`),
    check('reports_status_check', sql`${table.status} in (${sqlList(REPORT_STATUSES)})`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
