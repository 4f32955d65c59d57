import { AUTHORIZATION_CHANNELS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sqlList } from './columns';
import { properties } from './customers';
import { users } from './users';

/**
 * Every acceptance of recurring charges a customer gave for a property: when, who, through which channel, and the
 * exact words they accepted under their version. Kept, never changed: a new payment method with a new acceptance adds
 * a row, and the latest is the one in force. E-check debits started on the web need it kept (the ACH rules for
 * web-originated debits); for cards it is the proof a chargeback dispute asks for.
 */
export const paymentAuthorizations = pgTable(
  'payment_authorizations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    /** The method it authorizes: 1 card, 2 e-check (the property's payment type). */
    paymentType: smallint('payment_type').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    /** The signed-in person who gave it (the customer's web user) or recorded it (staff); null without a sign-in. */
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, in words, as the history says it ('the customer', 'staff: Pat Lee'). */
    acceptedBy: varchar('accepted_by', { length: 200 }).notNull(),
    channel: varchar('channel', { length: 20 }).notNull(),
    textVersion: varchar('text_version', { length: 20 }).notNull(),
    text: text('text').notNull(),
  },
  (table) => [
    index('payment_authorizations_property_idx').on(table.propertyId, table.acceptedAt),
    check(
      'payment_authorizations_channel_check',
      sql`${table.channel} in (${sqlList(Object.keys(AUTHORIZATION_CHANNELS))})`,
    ),
    check('payment_authorizations_payment_type_check', sql`${table.paymentType} in (1, 2)`),
  ],
);
