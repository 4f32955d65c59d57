import { HOUSE_NUMBER_PATTERN } from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { markets } from './markets';
import { users } from './users';

/**
 * The street part of an address: the address without its leading house number ("4821 Maple Avenue" -> "Maple
 * Avenue"). The pattern is inlined (not a parameter) because an index expression cannot take one.
 */
export function streetOf(address: AnyPgColumn | SQL): SQL {
  return sql`regexp_replace(${address}, ${sql.raw(`'${HOUSE_NUMBER_PATTERN}'`)}, '')`;
}

/**
 * The street part in lower case: what properties_street_key_idx indexes so that address suggestions can offer known
 * streets with the number a person typed. A query must write it exactly so to use the index.
 */
export function streetKeyOf(address: AnyPgColumn | SQL): SQL {
  return sql`lower(${streetOf(address)})`;
}

/** A zip code belongs to one market at most: a write that breaks it is met as 'zip taken'. */
export const SERVICE_ZONE_ZIPCODE_UNIQUE_INDEX = 'service_zones_zipcode_unique';

/**
 * A zip code a market serves, with the exceptions shown to whoever quotes it. A zip belongs
 * to one market at most. `isValidated`: the zip is in the US zip data set, which gave its city and state; otherwise a
 * person typed them. `version` grows with every change, so an edit made on a stale copy is refused.
 */
export const serviceZones = pgTable(
  'service_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    zipcode: varchar('zipcode', { length: 5 }).notNull(),
    exceptions: varchar('exceptions', { length: 500 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    isValidated: boolean('is_validated').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex(SERVICE_ZONE_ZIPCODE_UNIQUE_INDEX).on(table.zipcode),
    // The screen lists one market's zones by zip code.
    index('service_zones_market_zipcode_idx').on(table.marketId, table.zipcode),
    index('service_zones_created_by_idx').on(table.createdBy),
    index('service_zones_updated_by_idx').on(table.updatedBy),
    check('service_zones_zipcode_check', sql`${table.zipcode} ~ '^[0-9]{5}$'`),
    check('service_zones_state_check', sql`${table.state} ~ '^[A-Z]{2}$'`),
    check('service_zones_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * County property records by address (owner, lot size, assessed value): what the local property-data provider
 * answers. The demo seed fills it from the demo properties; a real deployment loads the county's export or configures
 * a remote provider. `addressKey` is `addressKey()` of the street address (packages/shared), so spellings match.
 */
export const countyRecords = pgTable(
  'county_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    zipcode: varchar('zipcode', { length: 5 }).notNull(),
    addressKey: varchar('address_key', { length: 255 }).notNull(),
    /** The street address as the county writes it. */
    address: varchar('address', { length: 255 }).notNull(),
    ownerName: varchar('owner_name', { length: 120 }),
    /** Lot size in square feet. */
    lotSize: integer('lot_size'),
    /** Assessed value in dollars. */
    assessedValue: numeric('assessed_value', { precision: 12, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('county_records_zipcode_address_unique').on(table.zipcode, table.addressKey),
    check('county_records_zipcode_check', sql`${table.zipcode} ~ '^[0-9]{5}$'`),
    check('county_records_lot_size_check', sql`${table.lotSize} > 0`),
    check('county_records_assessed_value_check', sql`${table.assessedValue} >= 0`),
  ],
);

export type ServiceZoneRow = typeof serviceZones.$inferSelect;
