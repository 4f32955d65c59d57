import type { Market } from '@lawn/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { markets } from '../../db/schema';

const marketFields = { id: markets.id, name: markets.name, taxRate: markets.taxRate, timeZone: markets.timeZone };

export async function findMarket(db: Executor, id: number): Promise<Market | undefined> {
  const [row] = await db.select(marketFields).from(markets).where(eq(markets.id, id));
  return row;
}

export async function listMarkets(db: Executor): Promise<Market[]> {
  return db
    .select(marketFields)
    .from(markets)
    .orderBy(asc(sql`lower(${markets.name})`), asc(markets.id));
}
