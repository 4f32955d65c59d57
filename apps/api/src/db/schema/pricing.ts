import { PRICE_CHANGE_FIELD_NAMES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { markets } from './markets';
import { users } from './users';

/**
 * Versions of every price table come from one sequence, so a version names one state of one table: an editor's
 * stale version can never match another table's (or a newer) state by coincidence (docs/adr/0008).
 */
export const priceTableVersions = pgSequence('price_table_versions');

/**
 * A price table: the default one (market_id null, exactly one) or a market's own. A market without a row here
 * prices with the default table; its first saved edit copies the table into a row of its own (copy-on-write).
 */
export const priceTables = pgTable(
  'price_tables',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketId: integer('market_id').references(() => markets.id),
    version: integer('version')
      .notNull()
      .default(sql`nextval('price_table_versions')`),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // NULLS NOT DISTINCT: one default table, and one table per market.
  (table) => [unique('price_tables_market_unique').on(table.marketId).nullsNotDistinct()],
);

const price = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' }).notNull();

/**
 * A lot-size tier of a price table ("billing logic"): turf-size range and lot-size end in sq ft, and the price of
 * one mow per frequency (f1 Weekly, f2 Bi-Weekly, f3 3-Weekly, f4 Drought Schedule). Its id is the
 * `businesslogicId` of the price calculation and stays the same across edits of its table.
 */
export const lotSizeTiers = pgTable(
  'lot_size_tiers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    priceTableId: integer('price_table_id')
      .notNull()
      .references(() => priceTables.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    turfSizeStart: integer('turf_size_start').notNull(),
    turfSizeEnd: integer('turf_size_end').notNull(),
    lotSizeEnd: integer('lot_size_end').notNull(),
    priceF1: price('price_f1'),
    priceF2: price('price_f2'),
    priceF3: price('price_f3'),
    priceF4: price('price_f4'),
  },
  (table) => [
    index('lot_size_tiers_table_idx').on(table.priceTableId, table.position),
    check(
      'lot_size_tiers_turf_range_check',
      sql`${table.turfSizeStart} >= 0 and ${table.turfSizeEnd} >= ${table.turfSizeStart}`,
    ),
    check('lot_size_tiers_lot_size_end_check', sql`${table.lotSizeEnd} > 0`),
    check(
      'lot_size_tiers_prices_check',
      sql`${table.priceF1} > 0 and ${table.priceF2} > 0 and ${table.priceF3} > 0 and ${table.priceF4} > 0`,
    ),
  ],
);

/**
 * Every change to a price table, one row per changed value, with who made it and when: the history the Prices
 * screen lists. `market_id` null is the default table; `lot_size` is the tier's name at the time.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketId: integer('market_id').references(() => markets.id),
    lotSize: varchar('lot_size', { length: 50 }).notNull(),
    field: text('field', { enum: PRICE_CHANGE_FIELD_NAMES }).notNull(),
    fromValue: varchar('from_value', { length: 100 }),
    toValue: varchar('to_value', { length: 100 }),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('price_changes_market_idx').on(table.marketId, table.createdAt),
    check('price_changes_field_check', sql`${table.field} in (${sqlList(PRICE_CHANGE_FIELD_NAMES)})`),
  ],
);
