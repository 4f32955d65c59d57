import type { ServiceZone, ZipServiceArea } from '@lawn/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { markets, serviceZones, states, users, type ServiceZoneRow } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

export type ServiceZoneValues = Pick<ServiceZoneRow, 'marketId' | 'zipcode' | 'exceptions' | 'city' | 'state'> & {
  isValidated: boolean;
};

const zoneColumns = {
  id: serviceZones.id,
  marketId: serviceZones.marketId,
  marketName: markets.name,
  zipcode: serviceZones.zipcode,
  exceptions: serviceZones.exceptions,
  city: serviceZones.city,
  state: serviceZones.state,
  isValidated: serviceZones.isValidated,
  userId: users.id,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  createdAt: serviceZones.createdAt,
  updatedAt: serviceZones.updatedAt,
  version: serviceZones.version,
};

/** The zones with their market's name and their last editor (who added the zone, until someone changes it). */
const selectZones = (db: Executor) =>
  db
    .select(zoneColumns)
    .from(serviceZones)
    .innerJoin(markets, eq(markets.id, serviceZones.marketId))
    .leftJoin(users, eq(users.id, serviceZones.updatedBy));

type ZoneSelection = Awaited<ReturnType<typeof selectZones>>[number];

function toServiceZone(row: ZoneSelection): ServiceZone {
  const { userId, userFirstName, userLastName, createdAt, updatedAt, ...zone } = row;
  return {
    ...zone,
    user: userId === null ? null : { id: userId, fullName: `${userFirstName ?? ''} ${userLastName ?? ''}`.trim() },
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export async function listServiceZones(db: Executor, query: ListQuery): Promise<ListResult<ServiceZone>> {
  const [counted] = await db.select({ total: count() }).from(serviceZones).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await selectZones(db)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toServiceZone) };
}

export async function findServiceZone(db: Executor, id: number): Promise<ServiceZone | null> {
  const [row] = await selectZones(db).where(eq(serviceZones.id, id));
  return row ? toServiceZone(row) : null;
}

export async function findServiceZoneByZip(db: Executor, zipcode: string): Promise<ServiceZone | null> {
  const [row] = await selectZones(db).where(eq(serviceZones.zipcode, zipcode));
  return row ? toServiceZone(row) : null;
}

/** The zone of a zip with what its market answers about it (tax rate and phone), in one indexed look-up. */
export async function findServiceArea(
  db: Executor,
  zipcode: string,
): Promise<Omit<ZipServiceArea, 'lat' | 'lng'> | null> {
  const [row] = await db
    .select({
      zipcode: serviceZones.zipcode,
      city: serviceZones.city,
      state: serviceZones.state,
      serviceZoneId: serviceZones.id,
      serviceMarketsId: markets.id,
      marketName: markets.name,
      taxRate: markets.taxRate,
      phoneMarket: markets.phone,
      exceptions: serviceZones.exceptions,
    })
    .from(serviceZones)
    .innerJoin(markets, eq(markets.id, serviceZones.marketId))
    .where(eq(serviceZones.zipcode, zipcode));
  return row ?? null;
}

export async function insertServiceZone(db: Executor, values: ServiceZoneValues, userId: number): Promise<number> {
  const [row] = await db
    .insert(serviceZones)
    .values({ ...values, createdBy: userId, updatedBy: userId })
    .returning({ id: serviceZones.id });
  if (!row) throw new Error('service zone not inserted');
  return row.id;
}

/** Applies a change made on `version`; false when the zone has changed since (or is gone). */
export async function updateServiceZone(
  db: Executor,
  id: number,
  version: number,
  values: ServiceZoneValues,
  userId: number,
): Promise<boolean> {
  const changed = await db
    .update(serviceZones)
    .set({ ...values, updatedBy: userId, version: sql`${serviceZones.version} + 1` })
    .where(and(eq(serviceZones.id, id), eq(serviceZones.version, version)))
    .returning({ id: serviceZones.id });
  return changed.length === 1;
}

export async function deleteServiceZone(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.delete(serviceZones).where(eq(serviceZones.id, id)).returning({ id: serviceZones.id });
  return deleted.length === 1;
}

export async function stateExists(db: Executor, code: string): Promise<boolean> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.code, code));
  return row !== undefined;
}
