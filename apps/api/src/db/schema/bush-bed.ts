import { BUSH_BED_STATUSES, MOW_DAYS, TODO_TEXT_MAX, WEEKS_LIMIT } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

const codes = (labels: Record<number, string>) => Object.keys(labels).map(Number);

/** A week holds one bush-and-bed service: a second one is met as 'This week already has a bush-and-bed service'. */
export const BUSH_BED_WEEK_UNIQUE_INDEX = 'bush_bed_services_property_week_unique';

/**
 * A bush-and-bed service of a property: trimming bushes and tending beds in one week of a mow year, by a crew on a
 * week day, with its status (1 Not, 2 Yes, 3 Cancelled) and the crew's instruction. `version` goes up by one with
 * every edit, so an edit from an older copy is refused.
 */
export const bushBedServices = pgTable(
  'bush_bed_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    week: smallint('week').notNull(),
    crew: integer('crew').notNull(),
    weekDay: smallint('week_day').notNull(),
    status: smallint('status').notNull(),
    instruction: text('instruction').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex(BUSH_BED_WEEK_UNIQUE_INDEX).on(table.propertyId, table.year, table.week),
    index('bush_bed_services_created_by_idx').on(table.createdBy),
    // The bush-bed report: a year's services by week, weekday and crew.
    index('bush_bed_services_year_week_idx').on(table.year, table.week, table.weekDay, table.crew),
    check('bush_bed_services_week_check', sql`${table.week} between 1 and ${sql.raw(String(WEEKS_LIMIT))}`),
    check('bush_bed_services_week_day_check', sql`${table.weekDay} in (${sqlList(codes(MOW_DAYS))})`),
    check('bush_bed_services_status_check', sql`${table.status} in (${sqlList(codes(BUSH_BED_STATUSES))})`),
  ],
);

/** A week holds one to-do: a second one is met as 'This week already has a to-do'. */
export const TODO_WEEK_UNIQUE_INDEX = 'property_todos_property_week_unique';

/**
 * A to-do: staff's reminder on one week of a property (call before the visit, check the gate), open until someone
 * marks it done. An open to-do marks its week on the property's calendar. `userId` is who wrote or last changed it;
 * `version` goes up by one with every edit.
 */
export const propertyTodos = pgTable(
  'property_todos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    week: smallint('week').notNull(),
    text: varchar('text', { length: TODO_TEXT_MAX }).notNull(),
    done: boolean('done').notNull().default(false),
    version: integer('version').notNull().default(1),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex(TODO_WEEK_UNIQUE_INDEX).on(table.propertyId, table.year, table.week),
    index('property_todos_user_idx').on(table.userId),
    check('property_todos_week_check', sql`${table.week} between 1 and ${sql.raw(String(WEEKS_LIMIT))}`),
  ],
);
