import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { properties } from './customers';
import { users } from './users';

/**
 * A crew's saved route of one day: each stop's position (1 first) in the drive from the market's depot and back. The
 * crew's day and the operations report list the day's stops in this order; a stop added to the day after the route
 * was ordered has no row and comes after the ordered ones (ADR 0047). Ordering the route again replaces its rows.
 */
export const routeOrders = pgTable(
  'route_orders',
  {
    crew: integer('crew').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderedBy: integer('ordered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.crew, table.day, table.propertyId] }),
    index('route_orders_property_idx').on(table.propertyId),
    check('route_orders_position_check', sql`${table.position} >= 1`),
  ],
);
