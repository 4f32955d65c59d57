import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { LOCATION_STATUS, locations, properties } from '../../db/schema';

/** A location with the record it links to, while that record is live (a deleted one cannot be opened). */
const locationFields = {
  location: locations,
  linkedLiveId: sql<number | null>`case when ${properties.deletedAt} is null then ${properties.id} end`,
};
export type LocationRow = { location: typeof locations.$inferSelect; linkedLiveId: number | null };

export async function listActiveLocations(db: Executor, propertyId: number): Promise<LocationRow[]> {
  return db
    .select(locationFields)
    .from(locations)
    .leftJoin(properties, eq(properties.id, locations.linkedPropertyId))
    .where(and(eq(locations.propertyId, propertyId), eq(locations.status, LOCATION_STATUS.active)))
    .orderBy(locations.id);
}

/** One location with the record it links to, while that record is live. */
export async function findLocation(db: Executor, locationId: number): Promise<LocationRow | null> {
  const [row] = await db
    .select(locationFields)
    .from(locations)
    .leftJoin(properties, eq(properties.id, locations.linkedPropertyId))
    .where(eq(locations.id, locationId));
  return row ?? null;
}

export async function insertLocation(db: Executor, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning();
  if (!row) throw new Error('location not inserted');
  return row;
}

/** An active location of the record, locked for the rest of the transaction (an edit compares and bumps its version). */
export async function lockActiveLocation(db: Executor, propertyId: number, locationId: number) {
  const [row] = await db
    .select()
    .from(locations)
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.propertyId, propertyId),
        eq(locations.status, LOCATION_STATUS.active),
      ),
    )
    .for('update');
  return row ?? null;
}

export type LocationChanges = Pick<
  typeof locations.$inferInsert,
  'streetAddress' | 'accountNumber' | 'zipCode' | 'linkedPropertyId'
>;

/** Stores the edit and moves the location to its next version. */
export async function updateLocation(db: Executor, locationId: number, changes: LocationChanges): Promise<void> {
  const [row] = await db
    .update(locations)
    .set({ ...changes, version: sql`${locations.version} + 1` })
    .where(eq(locations.id, locationId))
    .returning({ id: locations.id });
  if (!row) throw new Error('location not updated');
}

/** Removes an active location of the record (its row stays with status 0); null when there is none. */
export async function removeLocation(db: Executor, propertyId: number, locationId: number) {
  const [row] = await db
    .update(locations)
    .set({ status: LOCATION_STATUS.removed })
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.propertyId, propertyId),
        eq(locations.status, LOCATION_STATUS.active),
      ),
    )
    .returning();
  return row ?? null;
}
