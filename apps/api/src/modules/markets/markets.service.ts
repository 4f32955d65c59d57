import { PLACE_MESSAGES, type Depot, type Market } from '@lawn/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import * as repo from './markets.repo';

export function createMarketsService({ db }: { db: Database }) {
  return {
    list: (): Promise<Market[]> => repo.listMarkets(db),
    /** The market, or null when there is none with this id. */
    find: (id: number): Promise<Market | null> => repo.findMarket(db, id),
    /** The market's tax rate and phone (the record's `taxRate` and `phoneMarket`); 404 when there is none. */
    async get(id: number): Promise<Market> {
      const market = await repo.findMarket(db, id);
      if (!market) throw notFound(PLACE_MESSAGES.marketNotFound);
      return market;
    },
    /** Where the market's crews start and end their day (null: not set yet); 404 when there is no such market. */
    async depot(id: number): Promise<Depot | null> {
      const depot = await repo.findDepot(db, id);
      if (depot === undefined) throw notFound(PLACE_MESSAGES.marketNotFound);
      return depot;
    },
    async setDepot(id: number, depot: Depot): Promise<Depot> {
      if (!(await repo.saveDepot(db, id, depot))) throw notFound(PLACE_MESSAGES.marketNotFound);
      return depot;
    },
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
