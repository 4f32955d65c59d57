import type { Market } from '@lawn/shared';
import type { Database } from '../../db/client';
import * as repo from './markets.repo';

export function createMarketsService({ db }: { db: Database }) {
  return {
    list: (): Promise<Market[]> => repo.listMarkets(db),
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
