import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * A visitor whose zip code the business does not serve yet, who left a name, a phone and an e-mail address to be
 * called back (the public quote's not-served page). The city and state come from the zip code's US data, when known.
 */
export const leads = pgTable(
  'leads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Digits only, without the country code (see normalizePhone). */
    phone: varchar('phone', { length: 10 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    serviceAddress: varchar('service_address', { length: 255 }).notNull().default(''),
    zipcode: varchar('zipcode', { length: 5 }).notNull(),
    city: varchar('city', { length: 100 }).notNull().default(''),
    state: varchar('state', { length: 2 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    // The office's list reads newest first.
    index('leads_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    check('leads_phone_check', sql`${table.phone} ~ '^[0-9]{10}$'`),
    check('leads_zipcode_check', sql`${table.zipcode} ~ '^[0-9]{5}$'`),
  ],
);

export type LeadRecord = typeof leads.$inferSelect;
