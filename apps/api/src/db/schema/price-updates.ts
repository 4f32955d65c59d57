import { PRICE_UPDATE_RUNS, PRICE_UPDATE_STATUSES, PRICE_UPDATE_TYPES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { properties } from './customers';
import { markets } from './markets';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' }).notNull();

/**
 * One bulk price update and where its background run stands. The run walks the properties it covers in id order and
 * commits each batch with `cursor` (the last property id done), so a restarted run goes on after the last committed
 * batch and never prices a property twice. `status`/`run` say whether the update or its undo is running; at most one
 * row is in_progress (a unique index), which is the one-at-a-time rule.
 */
export const priceUpdates = pgTable(
  'price_updates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    type: text('type', { enum: PRICE_UPDATE_TYPES }).notNull(),
    /** The increase or decrease of every base price; null for a file, whose rows carry their own prices. */
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }),
    title: varchar('title', { length: 100 }),
    fileName: varchar('file_name', { length: 255 }),
    /** The market the update is limited to; null: every market. */
    marketId: integer('market_id').references(() => markets.id),
    status: text('status', { enum: PRICE_UPDATE_STATUSES }).notNull().default('in_progress'),
    run: text('run', { enum: PRICE_UPDATE_RUNS }).notNull().default('apply'),
    /** The highest property id the update covers: properties added after it was asked for are not repriced. */
    lastPropertyId: integer('last_property_id').notNull(),
    /** The last property id the running run has done (committed with its batch). */
    cursor: integer('cursor').notNull().default(0),
    /** How many properties the update covers, counted when it was asked for. */
    total: integer('total').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    restoredCount: integer('restored_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Whether the customers whose price changed are sent their new price (the setting when the update was asked). */
    sendsNotices: boolean('sends_notices').notNull().default(false),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    undoneBy: integer('undone_by').references(() => users.id),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('price_updates_created_idx').on(table.createdAt.desc(), table.id),
    uniqueIndex('price_updates_one_running')
      .on(sql`(true)`)
      .where(sql`${table.status} = 'in_progress'`),
    check('price_updates_type_check', sql`${table.type} in (${sqlList(PRICE_UPDATE_TYPES)})`),
    check('price_updates_status_check', sql`${table.status} in (${sqlList(PRICE_UPDATE_STATUSES)})`),
    check('price_updates_run_check', sql`${table.run} in (${sqlList(PRICE_UPDATE_RUNS)})`),
    check('price_updates_amount_positive', sql`${table.amount} is null or ${table.amount} > 0`),
  ],
);

/** The prices an uploaded file asks for, one per property, until the run applies them. */
export const priceUpdateRequests = pgTable(
  'price_update_requests',
  {
    priceUpdateId: integer('price_update_id')
      .notNull()
      .references(() => priceUpdates.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    price: money('price'),
  },
  (table) => [primaryKey({ columns: [table.priceUpdateId, table.propertyId] })],
);

/**
 * What an update did to one property: its prices before and after (what an undo restores, and how it tells a price
 * changed since), what the undo did, and whether the customer is still to be told the new price.
 */
export const priceUpdateItems = pgTable(
  'price_update_items',
  {
    priceUpdateId: integer('price_update_id')
      .notNull()
      .references(() => priceUpdates.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    oldCost: money('old_cost'),
    oldSubtotal: money('old_subtotal'),
    oldTax: money('old_tax'),
    oldTotal: money('old_total'),
    newCost: money('new_cost'),
    newSubtotal: money('new_subtotal'),
    newTax: money('new_tax'),
    newTotal: money('new_total'),
    undo: text('undo', { enum: ['restored', 'skipped'] }),
    isNoticePending: boolean('is_notice_pending').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.priceUpdateId, table.propertyId] }),
    index('price_update_items_notice_idx')
      .on(table.priceUpdateId, table.propertyId)
      .where(sql`${table.isNoticePending}`),
    check('price_update_items_undo_check', sql`${table.undo} is null or ${table.undo} in ('restored', 'skipped')`),
  ],
);
