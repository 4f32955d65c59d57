import { SETTINGS_HISTORY_SECTIONS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sqlList, updatedAt } from './columns';
import { users } from './users';

/**
 * The business's settings an Admin changes while the API runs: one row (id 1) holding the values set so far (a
 * setting not in `values` keeps its default, the environment's where there is one) and a version that goes up with
 * every change. Every API process reads through a cache that re-reads `values` when the version moved (ADR 0048).
 */
export const settings = pgTable(
  'settings',
  {
    id: smallint('id').primaryKey().default(1),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (table) => [check('settings_single_row_check', sql`${table.id} = 1`)],
);

/** Every change of the settings and of a market: which section, what changed (before and after), who and when. */
export const settingsHistory = pgTable(
  'settings_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    section: text('section', { enum: SETTINGS_HISTORY_SECTIONS }).notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('settings_history_section_idx').on(table.section, table.changedAt),
    check('settings_history_section_check', sql`${table.section} in (${sqlList(SETTINGS_HISTORY_SECTIONS)})`),
  ],
);
