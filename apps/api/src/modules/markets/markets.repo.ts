import type { Market } from '@lawn/shared';
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
