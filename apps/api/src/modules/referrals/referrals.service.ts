import {
  REFERRAL_MESSAGES,
  type ReferralChangesValues,
  type ReferralMarket,
  type ReferralType,
  type ReferralTypeChange,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound, type FieldErrors } from '../../http/errors';
import * as repo from './referrals.repo';

export type ReferralsServiceDeps = { db: Database };

type Kind = 'market' | 'type';
type MarketValues = { name: string; isResign: boolean };
type TypeValues = repo.ReferralTypeValues;

const atRow = (path: string, message: string): FieldErrors => ({ [path]: [message] });

/**
 * Why a change of a market or referral on a page found nothing to change: it belongs to the other page (400), or it
 * changed or was deleted since the person read it (409). `path` names the row in a batch; a single call answers 404
 * for a row that does not exist.
 */
async function refusal(db: Executor, kind: Kind, id: number, isResign: boolean, path: string | null): Promise<never> {
  const row = kind === 'market' ? await repo.findReferralMarket(db, id) : await repo.findReferralType(db, id);
  if (row && row.isResign !== isResign) {
    throw badRequest(REFERRAL_MESSAGES.otherPage, atRow(path ?? 'isResign', REFERRAL_MESSAGES.otherPage));
  }
  if (!row && path === null) {
    throw notFound(kind === 'market' ? REFERRAL_MESSAGES.marketNotFound : REFERRAL_MESSAGES.typeNotFound);
  }
  throw conflict(REFERRAL_MESSAGES.stale, path === null ? undefined : atRow(path, REFERRAL_MESSAGES.stale));
}

/** The market a new referral goes into must exist and be on the referral's page. */
async function checkMarketOf(db: Executor, marketId: number, isResign: boolean, path: string | null): Promise<void> {
  const market = await repo.findReferralMarket(db, marketId);
  if (!market) {
    if (path === null) throw notFound(REFERRAL_MESSAGES.marketNotFound);
    throw conflict(REFERRAL_MESSAGES.stale, atRow(path, REFERRAL_MESSAGES.stale));
  }
  if (market.isResign !== isResign) {
    throw badRequest(REFERRAL_MESSAGES.otherPage, atRow(path ?? 'customerReferralId', REFERRAL_MESSAGES.otherPage));
  }
}

function typeValuesOf(change: ReferralTypeChange & { op: 'create' | 'update' }): TypeValues {
  if (change.op === 'create') {
    const { op: _op, market: _market, ...values } = change;
    return values;
  }
  const { op: _op, id: _id, version: _version, ...values } = change;
  return values;
}

/**
 * What a batch cannot mean whatever the database holds: a row changed twice, a new market's key given twice, a
 * referral for a new market the batch does not create or for a market it deletes. All of them answered at once.
 */
function structuralErrors({ markets, types }: ReferralChangesValues): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= [message]);
  const keys = new Set<string>();
  const marketIds = new Set<number>();
  const deletedMarkets = new Set<number>();
  markets.forEach((change, index) => {
    if (change.op === 'create') {
      if (keys.has(change.key)) add(`markets.${index}.key`, REFERRAL_MESSAGES.twice);
      keys.add(change.key);
      return;
    }
    if (marketIds.has(change.id)) add(`markets.${index}`, REFERRAL_MESSAGES.twice);
    marketIds.add(change.id);
    if (change.op === 'delete') deletedMarkets.add(change.id);
  });
  const typeIds = new Set<number>();
  types.forEach((change, index) => {
    if (change.op !== 'create') {
      if (typeIds.has(change.id)) add(`types.${index}`, REFERRAL_MESSAGES.twice);
      typeIds.add(change.id);
      return;
    }
    if (typeof change.market === 'string' && !keys.has(change.market)) {
      add(`types.${index}.market`, REFERRAL_MESSAGES.unknownMarketKey);
    }
    if (typeof change.market === 'number' && deletedMarkets.has(change.market)) {
      add(`types.${index}.market`, REFERRAL_MESSAGES.marketBeingDeleted);
    }
  });
  return errors;
}

export function createReferralsService({ db }: ReferralsServiceDeps) {
  async function getMarket(executor: Executor, id: number): Promise<ReferralMarket> {
    const market = (await repo.listReferralMarkets(executor)).find((each) => each.id === id);
    if (!market) throw notFound(REFERRAL_MESSAGES.marketNotFound);
    return market;
  }

  async function getType(executor: Executor, id: number): Promise<ReferralType> {
    const type = await repo.findReferralTypeById(executor, id);
    if (!type) throw notFound(REFERRAL_MESSAGES.typeNotFound);
    return type;
  }

  return {
    list: (isResign?: boolean): Promise<ReferralMarket[]> => repo.listReferralMarkets(db, isResign),

    /**
     * Applies every change of one page in one transaction, in an order that cannot trip over itself: new and renamed
     * markets first (so new referrals can go into new markets), then the referrals, then the deleted markets (which
     * take their referrals with them). Any refused row undoes everything and is named in the answer.
     */
    async applyChanges(changes: ReferralChangesValues, userId: number): Promise<ReferralMarket[]> {
      const errors = structuralErrors(changes);
      if (Object.keys(errors).length > 0) throw badRequest(undefined, errors);
      const { isResign } = changes;
      return db.transaction(async (tx) => {
        const newMarketIds = new Map<string, number>();
        for (const [index, change] of changes.markets.entries()) {
          if (change.op === 'create') {
            newMarketIds.set(change.key, await repo.insertReferralMarket(tx, { name: change.name, isResign }, userId));
          } else if (change.op === 'update') {
            const where = { id: change.id, version: change.version, isResign };
            if (!(await repo.renameReferralMarket(tx, where, change.name, userId))) {
              await refusal(tx, 'market', change.id, isResign, `markets.${index}`);
            }
          }
        }
        for (const [index, change] of changes.types.entries()) {
          const path = `types.${index}`;
          if (change.op === 'create') {
            const marketId = typeof change.market === 'number' ? change.market : newMarketIds.get(change.market);
            if (marketId === undefined)
              throw badRequest(undefined, atRow(`${path}.market`, REFERRAL_MESSAGES.unknownMarketKey));
            if (typeof change.market === 'number') await checkMarketOf(tx, marketId, isResign, `${path}.market`);
            await repo.insertReferralType(tx, marketId, typeValuesOf(change), userId);
          } else if (change.op === 'update') {
            const where = { id: change.id, version: change.version, isResign };
            if (!(await repo.updateReferralType(tx, where, typeValuesOf(change), userId))) {
              await refusal(tx, 'type', change.id, isResign, path);
            }
          } else if (!(await repo.deleteReferralType(tx, { id: change.id, version: change.version, isResign }))) {
            await refusal(tx, 'type', change.id, isResign, path);
          }
        }
        for (const [index, change] of changes.markets.entries()) {
          if (change.op !== 'delete') continue;
          if (!(await repo.deleteReferralMarket(tx, { id: change.id, version: change.version, isResign }))) {
            await refusal(tx, 'market', change.id, isResign, `markets.${index}`);
          }
        }
        return repo.listReferralMarkets(tx, isResign);
      });
    },

    async createMarket(values: MarketValues, userId: number): Promise<ReferralMarket> {
      return getMarket(db, await repo.insertReferralMarket(db, values, userId));
    },

    /** A rename made on the version the person saw; 409 when someone changed the market since. */
    async renameMarket(id: number, patch: { name: string; version: number }, userId: number): Promise<ReferralMarket> {
      const market = await repo.findReferralMarket(db, id);
      if (!market) throw notFound(REFERRAL_MESSAGES.marketNotFound);
      const where = { id, version: patch.version, isResign: market.isResign };
      if (!(await repo.renameReferralMarket(db, where, patch.name, userId))) {
        await refusal(db, 'market', id, market.isResign, null);
      }
      return getMarket(db, id);
    },

    async removeMarket(id: number): Promise<void> {
      if (!(await repo.deleteReferralMarket(db, { id }))) throw notFound(REFERRAL_MESSAGES.marketNotFound);
    },

    async createType(
      input: TypeValues & { isResign: boolean; customerReferralId: number },
      userId: number,
    ): Promise<ReferralType> {
      const { isResign, customerReferralId, ...values } = input;
      await checkMarketOf(db, customerReferralId, isResign, null);
      return getType(db, await repo.insertReferralType(db, customerReferralId, values, userId));
    },

    /** A change made on the version the person saw, on the page the referral is on. */
    async updateType(
      id: number,
      patch: TypeValues & { isResign: boolean; version: number },
      userId: number,
    ): Promise<ReferralType> {
      const { isResign, version, ...values } = patch;
      if (!(await repo.updateReferralType(db, { id, version, isResign }, values, userId))) {
        await refusal(db, 'type', id, isResign, null);
      }
      return getType(db, id);
    },

    async removeType(id: number): Promise<void> {
      if (!(await repo.deleteReferralType(db, { id }))) throw notFound(REFERRAL_MESSAGES.typeNotFound);
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
