import { ALARM_DETAIL_MAX, ALARM_DURATION_RANGE, ALARM_REGARDING_MAX } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A person's alarm: a reminder that rings on their screen at its date and hour (the business's zone), and again
 * `duration` minutes later once snoozed, until stopped (`active` false). Admin and Manager see everyone's.
 * `version` goes up by one with every edit, so a save from an older copy is refused.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmDate: date('alarm_date', { mode: 'string' }).notNull(),
    /** 24-hour HH:mm in the business's zone. */
    alarmHour: varchar('alarm_hour', { length: 5 }).notNull(),
    /** Minutes; also the snooze interval. */
    duration: smallint('duration').notNull(),
    snooze: boolean('snooze').notNull().default(false),
    regarding: varchar('regarding', { length: ALARM_REGARDING_MAX }).notNull(),
    detail: varchar('detail', { length: ALARM_DETAIL_MAX }).notNull(),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A person's alarms of a day (the top bar's today list), and their list.
    index('alarms_user_date_idx').on(table.userId, table.alarmDate),
    check('alarms_hour_check', sql`${table.alarmHour} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'alarms_duration_check',
      sql`${table.duration} between ${sql.raw(String(ALARM_DURATION_RANGE.min))} and ${sql.raw(String(ALARM_DURATION_RANGE.max))}`,
    ),
  ],
);

export type AlarmRow = typeof alarms.$inferSelect;
