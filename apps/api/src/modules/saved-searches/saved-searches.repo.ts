import type { SavedSearch } from '@lawn/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedSearches, type SavedSearchRow } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return { id: row.id, name: row.name, filter: row.filter, createdAt: row.createdAt.toISOString() };
}

const owned = (userId: number, id: number) => and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

export async function insertSavedSearch(
  db: Executor,
  values: { userId: number; name: string; filter: string },
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  if (!row) throw new Error('saved search not inserted');
  return row;
}

export async function listSavedSearches(
  db: Executor,
  userId: number,
  query: ListQuery,
): Promise<ListResult<SavedSearch>> {
  const where = and(eq(savedSearches.userId, userId), query.where);
  const [counted] = await db.select({ total: count() }).from(savedSearches).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select()
    .from(savedSearches)
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toSavedSearch) };
}

export async function findOwnedSavedSearch(db: Executor, userId: number, id: number) {
  const [row] = await db.select().from(savedSearches).where(owned(userId, id));
  return row ?? null;
}

/** Whether a saved search of the user's was deleted. */
export async function deleteOwnedSavedSearch(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(savedSearches).where(owned(userId, id)).returning({ id: savedSearches.id });
  return rows.length > 0;
}
