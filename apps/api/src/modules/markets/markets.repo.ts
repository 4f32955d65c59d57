import type { Market } from '@lawn/shared';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { markets } from '../../db/schema';

export async function listMarkets(db: Executor): Promise<Market[]> {
  return db
    .select({ id: markets.id, name: markets.name, taxRate: markets.taxRate, timeZone: markets.timeZone })
    .from(markets)
    .orderBy(asc(sql`lower(${markets.name})`), asc(markets.id));
}
