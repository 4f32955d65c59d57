import type { Depot, Market } from '@lawn/shared';
import { asc, eq, sql } from 'drizzle-orm';
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

/** The market's depot, or null when it has none; undefined when there is no such market. */
export async function findDepot(db: Executor, id: number): Promise<Depot | null | undefined> {
  const [row] = await db
    .select({ lat: markets.depotLat, lng: markets.depotLng, address: markets.depotAddress })
    .from(markets)
    .where(eq(markets.id, id));
  if (!row) return undefined;
  return row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng, address: row.address ?? '' };
}

/** Sets the market's depot; false when there is no such market. */
export async function saveDepot(db: Executor, id: number, depot: Depot): Promise<boolean> {
  const changed = await db
    .update(markets)
    .set({ depotLat: depot.lat, depotLng: depot.lng, depotAddress: depot.address, updatedAt: new Date() })
    .where(eq(markets.id, id))
    .returning({ id: markets.id });
  return changed.length > 0;
}
