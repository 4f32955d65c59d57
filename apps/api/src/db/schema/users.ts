import { ROLES, USER_STATUS } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { markets } from './markets';

/** Staff, crew and customer sign-ins. E-mail is unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    status: smallint('status').notNull().default(USER_STATUS.active),
    crewNumber: integer('crew_number'),
    /** The market a B&B (bush-and-bed) crew member works in; null for everyone else. */
    serviceMarketId: integer('service_market_id').references(() => markets.id),
    joinDate: date('join_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    /** Goes up by one with every edit made on the Users and crew pages; an edit sends the version it was made from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
    index('users_name_idx').on(table.firstName, table.lastName),
    index('users_crew_number_idx').on(table.crewNumber),
    check('users_role_check', sql`${table.role} in (${sqlList(ROLES)})`),
    check('users_status_check', sql`${table.status} in (${sqlList(Object.values(USER_STATUS))})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
