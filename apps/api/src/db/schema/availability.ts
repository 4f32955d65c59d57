import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { markets } from './markets';
import { users } from './users';

/**
 * The availability the office set for one market-day: its max mows (null: none set, the day takes any number, ADR
 * 0046) and its lock, all day or an hour range in a time zone. The mows scheduled on the day are never stored: they
 * are counted from the properties' schedules. `version` goes up with every change of the row; a week's version is the
 * sum of its days', so an update of a week sent against an older one answers 409. A sign-up locks the row of its
 * start day, so two sign-ups for the last mow of a day are decided one after the other.
 */
export const mowAvailabilities = pgTable(
  'mow_availabilities',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    slots: integer('slots'),
    isLocked: boolean('is_locked').notNull().default(false),
    /** With a lock: true all day, false an hour range from lockStart to lockEnd (HH:mm). */
    isLockAllDay: boolean('is_lock_all_day').notNull().default(true),
    lockStart: varchar('lock_start', { length: 5 }),
    lockEnd: varchar('lock_end', { length: 5 }),
    timeZone: varchar('time_zone', { length: 64 }),
    version: integer('version').notNull().default(0),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.marketId, table.day] }),
    check('mow_availabilities_slots_check', sql`${table.slots} between 0 and 10000`),
  ],
);
