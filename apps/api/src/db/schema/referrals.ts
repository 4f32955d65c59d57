import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A referral market: a named group of referral partners on one of the two referral pages, the active-customer page
 * (`is_resign` false) or the no-resign page (true). `version` goes up with every rename, so a change made on an older
 * one is refused.
 */
export const referralMarkets = pgTable(
  'referral_markets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 50 }).notNull(),
    isResign: boolean('is_resign').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('referral_markets_is_resign_idx').on(table.isResign, table.name)],
);

/**
 * A referral of a market. On the active-customer page: the service a partner offers, its name, phone and comment, and
 * a second choice with its own phone and comment. On the no-resign page: name, phone and website. The other page's
 * columns stay ''. Phones are their 10 digits (like a customer's contact number), or '' when not given. Deleting a
 * market deletes its referrals.
 */
export const referralTypes = pgTable(
  'referral_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referralMarketId: integer('referral_market_id')
      .notNull()
      .references(() => referralMarkets.id, { onDelete: 'cascade' }),
    service: varchar('service', { length: 50 }).notNull().default(''),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 10 }).notNull().default(''),
    comment: varchar('comment', { length: 255 }).notNull().default(''),
    secondChoice: varchar('second_choice', { length: 50 }).notNull().default(''),
    secondPhone: varchar('second_phone', { length: 10 }).notNull().default(''),
    secondComment: varchar('second_comment', { length: 255 }).notNull().default(''),
    website: varchar('website', { length: 255 }).notNull().default(''),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('referral_types_market_idx').on(table.referralMarketId, table.id),
    check('referral_types_phone_check', sql`${table.phone} ~ '^([0-9]{10})?$'`),
    check('referral_types_second_phone_check', sql`${table.secondPhone} ~ '^([0-9]{10})?$'`),
  ],
);

export type ReferralMarketRow = typeof referralMarkets.$inferSelect;
export type ReferralTypeRow = typeof referralTypes.$inferSelect;
