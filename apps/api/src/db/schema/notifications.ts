import { NOTIFICATION_DURATION, NOTIFICATION_STATUS, NOTIFICATION_TYPES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';
import { properties } from './customers';
import { users } from './users';

/**
 * A message to one user, due at `date`. It becomes available (counts towards the bell) `duration` minutes, in whole
 * hours, before the start of its due day in the business's time zone; one due today or earlier is available at once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typeId: smallint('type_id').notNull(),
    status: smallint('status').notNull().default(NOTIFICATION_STATUS.unread),
    name: text('name').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** Minutes before the due day the notification becomes available (0 to a whole day). */
    duration: integer('duration').notNull().default(NOTIFICATION_DURATION.default),
    /** The property a customer-activity notification is about. */
    customerAttributeId: integer('customer_attribute_id').references(() => properties.id, { onDelete: 'set null' }),
    /** Customer name as it was when the notification was raised (the spec's create call sends it). */
    customerName: varchar('customer_name', { length: 120 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_date_idx').on(table.userId, table.date),
    index('notifications_user_status_date_idx').on(table.userId, table.status, table.date),
    check('notifications_type_check', sql`${table.typeId} in (${sqlList(Object.values(NOTIFICATION_TYPES))})`),
    check(
      'notifications_duration_check',
      sql`${table.duration} between ${sql.raw(String(NOTIFICATION_DURATION.min))} and ${sql.raw(String(NOTIFICATION_DURATION.max))}`,
    ),
    check('notifications_status_check', sql`${table.status} in (${sqlList(Object.values(NOTIFICATION_STATUS))})`),
  ],
);
