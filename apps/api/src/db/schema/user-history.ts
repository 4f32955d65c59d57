import { USER_HISTORY_ACTIONS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sqlList } from './columns';
import { users } from './users';

/**
 * Every change made to a staff, crew or B&B crew account: what was done, each recorded field before and after, whether
 * the password changed (never the password itself), who and when. Per account, as the customer's history is per
 * customer (ADR 0050).
 */
export const userHistory = pgTable(
  'user_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: USER_HISTORY_ACTIONS }).notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    isPasswordChanged: boolean('is_password_changed').notNull().default(false),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_history_user_idx').on(table.userId, table.changedAt),
    check('user_history_action_check', sql`${table.action} in (${sqlList(USER_HISTORY_ACTIONS)})`),
  ],
);
