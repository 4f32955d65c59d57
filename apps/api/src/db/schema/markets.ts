import { BUSINESS_TIME_ZONE } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** US states and DC; `isActive` marks the states the business serves. */
export const states = pgTable('states', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: char('code', { length: 2 }).notNull().unique(),
  name: varchar('name', { length: 64 }).notNull(),
  isActive: boolean('is_active').notNull().default(false),
});

/**
 * A service market (Dallas, Austin, ...): its sales-tax rate in percent, the time zone its times are shown in and its
 * office phone (10 digits, as customers' numbers are stored), which the record and the quote show as `phoneMarket`.
 * An Admin edits them on the admin panel.
 * The depot is where its crews start and end their day: route order drives from it and back (ADR 0047).
 */
export const markets = pgTable(
  'markets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    stateId: integer('state_id').references(() => states.id),
    /** Percent with up to 3 decimals: 8.25, 6.875. */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default(BUSINESS_TIME_ZONE),
    phone: varchar('phone', { length: 15 }),
    /** Goes up by one with every edit on the admin panel, whose save sends the version it read. */
    version: integer('version').notNull().default(1),
    depotLat: doublePrecision('depot_lat'),
    depotLng: doublePrecision('depot_lng'),
    depotAddress: varchar('depot_address', { length: 200 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('markets_name_lower_unique').on(sql`lower(${table.name})`),
    index('markets_state_idx').on(table.stateId),
    check('markets_phone_check', sql`${table.phone} ~ '^[0-9]{10}$'`),
    // A depot is a whole position or none: route order needs both coordinates.
    check(
      'markets_depot_check',
      sql`(${table.depotLat} is null) = (${table.depotLng} is null)
        and ${table.depotLat} between -90 and 90 and ${table.depotLng} between -180 and 180`,
    ),
  ],
);
