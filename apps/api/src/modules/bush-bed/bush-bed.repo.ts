import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bushBedServices } from '../../db/schema';

export type BushBedRecord = typeof bushBedServices.$inferSelect;
export type BushBedValues = Pick<
  typeof bushBedServices.$inferInsert,
  'year' | 'week' | 'crew' | 'weekDay' | 'status' | 'instruction'
>;

/** A property's services, by year and week. */
export async function listServices(db: Executor, propertyId: number): Promise<BushBedRecord[]> {
  return db
    .select()
    .from(bushBedServices)
    .where(eq(bushBedServices.propertyId, propertyId))
    .orderBy(asc(bushBedServices.year), asc(bushBedServices.week));
}

/** A property's services of one mow year (what its bush-and-bed calendar shows). */
export async function listServicesOfYear(db: Executor, propertyId: number, year: number): Promise<BushBedRecord[]> {
  return db
    .select()
    .from(bushBedServices)
    .where(and(eq(bushBedServices.propertyId, propertyId), eq(bushBedServices.year, year)));
}

/** One service of the property; `lock` holds it for the rest of the transaction (an edit compares its version). */
export async function findService(
  db: Executor,
  propertyId: number,
  serviceId: number,
  options: { lock?: boolean } = {},
): Promise<BushBedRecord | null> {
  const query = db
    .select()
    .from(bushBedServices)
    .where(and(eq(bushBedServices.id, serviceId), eq(bushBedServices.propertyId, propertyId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertService(
  db: Executor,
  values: BushBedValues & { propertyId: number; createdBy: number },
): Promise<BushBedRecord> {
  const [row] = await db.insert(bushBedServices).values(values).returning();
  if (!row) throw new Error('bush-and-bed service not inserted');
  return row;
}

/** Stores the edit and moves the service to its next version. */
export async function updateService(db: Executor, serviceId: number, values: BushBedValues): Promise<BushBedRecord> {
  const [row] = await db
    .update(bushBedServices)
    .set({ ...values, version: sql`${bushBedServices.version} + 1` })
    .where(eq(bushBedServices.id, serviceId))
    .returning();
  if (!row) throw new Error('bush-and-bed service not updated');
  return row;
}
