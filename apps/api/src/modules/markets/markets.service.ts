import {
  PLACE_MESSAGES,
  SETTINGS_MESSAGES,
  type Depot,
  type EditableMarket,
  type Market,
  type MarketUpdate,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
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
    /** Every market with the version its edit sends back (the admin panel). */
    listEditable: (): Promise<EditableMarket[]> => repo.listEditableMarkets(db),
    /**
     * Changes a market's name, tax rate, time zone, phone and depot (kept when not sent) inside the caller's
     * transaction, from the version the editor read (409 when it moved since). Answers the market before and after,
     * for the caller's history.
     */
    async update(
      tx: Executor,
      id: number,
      { version, depot, ...values }: MarketUpdate,
    ): Promise<{ before: EditableMarket; after: EditableMarket }> {
      const before = await repo.lockMarket(tx, id);
      if (!before) throw notFound(PLACE_MESSAGES.marketNotFound);
      if (before.version !== version) throw conflict(SETTINGS_MESSAGES.marketStale);
      if (await repo.isNameTaken(tx, values.name, id)) {
        throw badRequest(SETTINGS_MESSAGES.marketNameTaken, { name: [SETTINGS_MESSAGES.marketNameTaken] });
      }
      return {
        before,
        after: await repo.updateMarket(tx, id, { ...values, depot: depot === undefined ? before.depot : depot }),
      };
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
