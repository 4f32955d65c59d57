import { check, index, integer, pgTable, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The options of the pick lists (`PICK_LIST`): the how-heard sources under their stored codes, their options under
 * their source's code (`group_id`), and the billing reasons. Reference data: the migration that made the table wrote
 * its rows, and no screen edits them.
 */
export const pickListOptions = pgTable(
  'pick_list_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    picklistId: smallint('picklist_id').notNull(),
    code: smallint('code'),
    groupId: smallint('group_id'),
    name: varchar('name', { length: 100 }).notNull(),
    position: smallint('position').notNull().default(0),
  },
  (table) => [
    index('pick_list_options_list_idx').on(table.picklistId, table.groupId, table.position),
    unique('pick_list_options_name_unique').on(table.picklistId, table.groupId, table.name).nullsNotDistinct(),
    check('pick_list_options_name_check', sql`${table.name} <> ''`),
  ],
);
