import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { removalRequests, users } from '../../db/schema';

const requestFields = {
  propertyId: removalRequests.propertyId,
  createdAt: removalRequests.createdAt,
  requestedBy: removalRequests.requestedBy,
  requestedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};
export type RemovalRequestRow = {
  propertyId: number;
  createdAt: Date;
  requestedBy: number | null;
  requestedByName: string | null;
};

export async function findRemovalRequest(db: Executor, propertyId: number): Promise<RemovalRequestRow | null> {
  const [row] = await db
    .select(requestFields)
    .from(removalRequests)
    .leftJoin(users, eq(users.id, removalRequests.requestedBy))
    .where(eq(removalRequests.propertyId, propertyId));
  return row ?? null;
}

/** The record's one request; false when it already had one (nothing is inserted then). */
export async function insertRemovalRequest(db: Executor, propertyId: number, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(removalRequests)
    .values({ propertyId, requestedBy: userId })
    .onConflictDoNothing({ target: removalRequests.propertyId })
    .returning({ id: removalRequests.id });
  return inserted.length > 0;
}
