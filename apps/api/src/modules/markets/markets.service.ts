import { PLACE_MESSAGES, type Market } from '@lawn/shared';
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
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
