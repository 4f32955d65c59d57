import { integer, numeric, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { markets } from './markets';

/**
 * The dashboard's maintained figures per market and UTC hour: customer records created (live ones) and what paid
 * invoices brought in, by the hour they were charged. Triggers on `properties` and `invoices` keep them in the
 * writer's own transaction (migration 0034), so every writer keeps them without knowing of them, and the dashboard
 * sums a few hundred rows instead of scanning the book (ADR 0051). Hours, not days: a day is summed in the market's
 * own time zone when read, so a market's zone can change without the figures moving to the wrong day.
 */
export const marketHourlyActivity = pgTable(
  'market_hourly_activity',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    signups: integer('signups').notNull().default(0),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.marketId, table.hour] })],
);

/**
 * Per market, its live properties that are active customers with an approved order (the customer list's default
 * filter), kept by the same trigger on `properties` (ADR 0051).
 */
export const marketCustomerCounts = pgTable('market_customer_counts', {
  marketId: integer('market_id')
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  activeCustomers: integer('active_customers').notNull().default(0),
});
