import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A lookup a person saved under a name: the customer list's filter string (`filter[a]=1&filter[b]=2`). Each belongs
 * to the user who saved it; nobody else sees it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    filter: varchar('filter', { length: 2000 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('saved_searches_user_idx').on(table.userId, table.createdAt.desc(), table.id)],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
