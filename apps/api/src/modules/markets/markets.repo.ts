import type { Depot, EditableMarket, Market } from '@lawn/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { markets } from '../../db/schema';

const marketColumns = {
  id: markets.id,
  name: markets.name,
  taxRate: markets.taxRate,
  timeZone: markets.timeZone,
  phone: markets.phone,
};

export async function listMarkets(db: Executor): Promise<Market[]> {
  return db
    .select(marketColumns)
    .from(markets)
    .orderBy(asc(sql`lower(${markets.name})`), asc(markets.id));
}

export async function findMarket(db: Executor, id: number): Promise<Market | null> {
  const [row] = await db.select(marketColumns).from(markets).where(eq(markets.id, id));
  return row ?? null;
}

const editableColumns = {
  ...marketColumns,
  depotLat: markets.depotLat,
  depotLng: markets.depotLng,
  depotAddress: markets.depotAddress,
  version: markets.version,
};

type EditableRow = Omit<EditableMarket, 'depot'> & {
  depotLat: number | null;
  depotLng: number | null;
  depotAddress: string | null;
};

function depotOf(lat: number | null, lng: number | null, address: string | null): Depot | null {
  return lat === null || lng === null ? null : { lat, lng, address: address ?? '' };
}

function editableOf({ depotLat, depotLng, depotAddress, ...market }: EditableRow): EditableMarket {
  return { ...market, depot: depotOf(depotLat, depotLng, depotAddress) };
}

export async function listEditableMarkets(db: Executor): Promise<EditableMarket[]> {
  const rows = await db
    .select(editableColumns)
    .from(markets)
    .orderBy(asc(sql`lower(${markets.name})`), asc(markets.id));
  return rows.map(editableOf);
}

export async function lockMarket(tx: Executor, id: number): Promise<EditableMarket | null> {
  const [row] = await tx.select(editableColumns).from(markets).where(eq(markets.id, id)).for('update');
  return row ? editableOf(row) : null;
}

/** Whether another market already has this name (names are unique whatever their case). */
export async function isNameTaken(db: Executor, name: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(sql`lower(${markets.name}) = lower(${name})`, ne(markets.id, exceptId)));
  return row !== undefined;
}

export async function updateMarket(
  tx: Executor,
  id: number,
  { depot, ...values }: Omit<EditableMarket, 'id' | 'version'>,
): Promise<EditableMarket> {
  const [row] = await tx
    .update(markets)
    .set({
      ...values,
      depotLat: depot?.lat ?? null,
      depotLng: depot?.lng ?? null,
      depotAddress: depot?.address ?? null,
      version: sql`${markets.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(markets.id, id))
    .returning(editableColumns);
  if (!row) throw new Error(`Market ${id} vanished while locked`);
  return editableOf(row);
}

/** The market's depot, or null when it has none; undefined when there is no such market. */
export async function findDepot(db: Executor, id: number): Promise<Depot | null | undefined> {
  const [row] = await db
    .select({ lat: markets.depotLat, lng: markets.depotLng, address: markets.depotAddress })
    .from(markets)
    .where(eq(markets.id, id));
  return row ? depotOf(row.lat, row.lng, row.address) : undefined;
}

/**
 * Sets the market's depot; false when there is no such market. The version moves, so an admin panel edit made from
 * the market as it was read before is refused as stale rather than putting the old depot back.
 */
export async function saveDepot(db: Executor, id: number, depot: Depot): Promise<boolean> {
  const changed = await db
    .update(markets)
    .set({
      depotLat: depot.lat,
      depotLng: depot.lng,
      depotAddress: depot.address,
      version: sql`${markets.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(markets.id, id))
    .returning({ id: markets.id });
  return changed.length > 0;
}
