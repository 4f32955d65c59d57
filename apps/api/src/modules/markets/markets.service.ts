import type { Market } from '@lawn/shared';
import type { Database } from '../../db/client';
import * as repo from './markets.repo';

export function createMarketsService({ db }: { db: Database }) {
  return {
    list: (): Promise<Market[]> => repo.listMarkets(db),
    /** One market with its tax rate, or undefined when there is no such market. */
    find: (id: number): Promise<Market | undefined> => repo.findMarket(db, id),
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
