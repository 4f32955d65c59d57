import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  varchar,
} from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { markets } from './markets';
import { users } from './users';

/**
 * The availability the office set for one market-day: its max mows (null: none set, the day takes any number, ADR
 * 0046) and its lock, all day or an hour range in a time zone. The mows scheduled on the day are not typed by anyone:
 * they are `mowScheduledCounts`, kept from the properties' schedules. `version` goes up with every change of the row;
 * a week's version is the sum of its days', so an update of a week sent against an older one answers 409. A sign-up
 * locks the row of its start day, so two sign-ups for the last mow of a day are decided one after the other.
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

/**
 * The days each property takes a crew's time, as the availability counts them (ADR 0049): its schedule's service days
 * (workdays in weeks neither skipped nor moved by a write-in), its write-ins' and redos' days, and a pending order's
 * start date; none for a property deleted, rejected or not in service. One row per property, `days` sorted, under the
 * market they were counted in. Kept by triggers on `properties`, `property_schedules` and `service_notes` (see the
 * migration), which move the difference into `mowScheduledCounts`. No foreign key: the property's own delete trigger
 * takes its days out.
 *
 * The market map's markers are read from here alone (ADR 0057): beside the days the row keeps a copy of the property's
 * crew, position and whether it is in service, written by triggers on `properties` and on this table's inserts, so a
 * market-day's stops, found by the (market, days) index, read this narrow table's rows and not the properties' wide
 * ones.
 */
export const mowScheduledDays = pgTable(
  'mow_scheduled_days',
  {
    propertyId: integer('property_id').primaryKey(),
    marketId: integer('market_id').notNull(),
    days: date('days', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /** Copies of the property's crew and coordinates, and whether it is served (live, approved, a mowed status). */
    crew: integer('crew'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    isInService: boolean('is_in_service').notNull().default(false),
  },
  (table) => [index('mow_scheduled_days_market_days_idx').using('gin', table.marketId, table.days)],
);

/** The mows scheduled on a market-day: the properties with that day in `mowScheduledDays` (ADR 0049). */
export const mowScheduledCounts = pgTable(
  'mow_scheduled_counts',
  {
    marketId: integer('market_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    scheduled: integer('scheduled').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.marketId, table.day] })],
);
