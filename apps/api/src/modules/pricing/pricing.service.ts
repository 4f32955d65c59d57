import {
  calculatePrice,
  largestLotSize,
  largestTurfSize,
  priceKeyOf,
  PRICING_MESSAGES,
  tierForLotSize,
  tierForTurfSize,
  tierOfOption,
  type Actor,
  type Frequency,
  type LotSizeOption,
  type LotSizeTable,
  type LotSizeTableUpdate,
  type MowCut,
  type PriceCalculation,
  type PriceCalculationQuery,
  type PriceChange,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { MarketsService } from '../markets/markets.service';
import { diffTables } from './price-table-diff';
import * as repo from './pricing.repo';

type TierLookup = { marketId?: number | undefined; srvFrequency?: Frequency | undefined };
type LookedUpTier = LotSizeOption & { basePrice?: number };

const withBasePrice = (tier: LotSizeOption, frequency: Frequency | undefined): LookedUpTier =>
  frequency === undefined ? tier : { ...tier, basePrice: tier.serviceFrequency[priceKeyOf(frequency)] };

/** The areas to mow the calculation uses: Front and Back unless named, with Bag grass as isBagging says. */
function areasOf(query: Pick<PriceCalculationQuery, 'mowCut' | 'isBagging'>): MowCut[] {
  const named = query.mowCut ?? ['Front', 'Back'];
  const isBagging = query.isBagging ?? named.includes('BagGrass');
  const areas = [...new Set(named.filter((area) => area !== 'BagGrass'))];
  return isBagging ? [...areas, 'BagGrass'] : areas;
}

/**
 * The lot-size tiers a market prices with, in order: its own table, or the default one while it has none. Takes the
 * executor so a record's update prices inside its own transaction.
 */
export async function marketLotSizeTiers(executor: Executor, marketId: number): Promise<LotSizeOption[]> {
  const table = await repo.findEffectiveTable(executor, marketId);
  if (!table) throw new Error('the default price table is missing: run the migrations');
  return repo.listTiers(executor, table.id);
}

export function createPricingService({ db, markets }: { db: Database; markets: MarketsService }) {
  async function requireMarket(marketId: number) {
    const market = await markets.find(marketId);
    if (!market) throw badRequest(undefined, { marketId: [PRICING_MESSAGES.unknownMarket] });
    return market;
  }

  /** The table a market prices with (its own, or the default one), with its tiers in order. */
  async function effectiveTable(executor: Executor, marketId: number | null): Promise<LotSizeTable> {
    const table = await repo.findEffectiveTable(executor, marketId);
    if (!table) throw new Error('the default price table is missing: run the migrations');
    const tiers = await repo.listTiers(executor, table.id);
    return {
      data: tiers,
      total: tiers.length,
      marketId,
      usesDefault: table.marketId !== marketId,
      version: table.version,
    };
  }

  async function table(marketId?: number): Promise<LotSizeTable> {
    if (marketId !== undefined) await requireMarket(marketId);
    return effectiveTable(db, marketId ?? null);
  }

  /** The tier a lot size falls in; beyond the largest tier is a 400 naming the field. */
  async function tierForLot(lotSize: number, lookup: TierLookup): Promise<LookedUpTier> {
    const { data: tiers } = await table(lookup.marketId);
    const tier = tierForLotSize(lotSize, tiers);
    if (!tier) throw badRequest(undefined, { lotSize: [PRICING_MESSAGES.lotSizeBeyond(largestLotSize(tiers))] });
    return withBasePrice(tier, lookup.srvFrequency);
  }

  async function tierForTurf(turfSize: number, lookup: TierLookup): Promise<LookedUpTier> {
    const { data: tiers } = await table(lookup.marketId);
    const tier = tierForTurfSize(turfSize, tiers);
    if (!tier) throw badRequest(undefined, { turfSize: [PRICING_MESSAGES.turfSizeBeyond(largestTurfSize(tiers))] });
    return withBasePrice(tier, lookup.srvFrequency);
  }

  async function tier(id: number): Promise<LotSizeOption> {
    const found = await repo.findTier(db, id);
    if (!found) throw notFound(PRICING_MESSAGES.tierNotFound);
    return found;
  }

  /** The tier the calculation prices: by id, else by lot size, else by turf size in the market's table. */
  async function tierToPrice(query: PriceCalculationQuery): Promise<LotSizeOption> {
    if (query.businesslogicId !== undefined) {
      const found = await repo.findTier(db, query.businesslogicId);
      if (!found) throw badRequest(undefined, { businesslogicId: [PRICING_MESSAGES.unknownTier] });
      return found;
    }
    if (query.lotSize !== undefined) return tierForLot(query.lotSize, { marketId: query.marketId });
    return tierForTurf(query.turfSize ?? 0, { marketId: query.marketId });
  }

  /**
   * The price calculation: the shared engine on the tier, the agreed price or the tier's, the areas and
   * the tax rate given (or the market's). Answers newSubtotal, tax and total with the steps between.
   */
  async function calculate(query: PriceCalculationQuery): Promise<PriceCalculation> {
    const market = query.marketId === undefined ? undefined : await requireMarket(query.marketId);
    const option = await tierToPrice(query);
    const taxRate = query.taxRate ?? market?.taxRate ?? 0;
    const price = calculatePrice({
      tier: tierOfOption(option),
      frequency: query.srvFrequency,
      mowCut: areasOf(query),
      taxRate,
      basePrice: query.costService,
      isCornerLot: query.useCornerLot,
    });
    return {
      newSubtotal: price.subtotal,
      tax: price.tax,
      total: price.total,
      basePrice: price.basePrice,
      bagGrassSurcharge: price.bagGrassSurcharge,
      singleAreaDiscount: price.singleAreaDiscount,
      taxRate,
      businesslogicId: option.id,
      lotSize: option.name,
      srvFrequency: query.srvFrequency,
      isBagGrassAvailable: price.isBagGrassAvailable,
      isBagging: price.bagGrassSurcharge > 0,
      useCornerLot: price.isCornerLot,
    };
  }

  /**
   * Saves a whole table (Admin and Manager, checked by the route). The version must be the one the editor loaded,
   * else 409 and nothing is saved. A market still on the default table gets its own copy with the edits (the default
   * table and the other markets do not change). Every changed value is recorded with who and when; a save that
   * changes nothing changes nothing, not even the version.
   */
  async function updateTable(
    marketId: number | undefined,
    update: LotSizeTableUpdate,
    actor: Actor,
  ): Promise<LotSizeTable> {
    if (marketId !== undefined) await requireMarket(marketId);
    const market = marketId ?? null;
    return db.transaction(async (tx) => {
      // The default table is locked first on every save, so two first edits of one market queue up here and the
      // second finds the first's table (and answers 409) instead of inserting a second one.
      const defaultTable = await repo.lockTable(tx, null);
      if (!defaultTable) throw new Error('the default price table is missing: run the migrations');
      const own = market === null ? defaultTable : await repo.lockTable(tx, market);
      const current = own ?? defaultTable;
      if (current.version !== update.version) throw conflict(PRICING_MESSAGES.changedElsewhere);

      const before = await repo.listTiers(tx, current.id);
      const diff = diffTables(before, update.tiers, { keepsIds: own !== undefined });
      if ('unknownIds' in diff) {
        throw badRequest(
          undefined,
          Object.fromEntries(diff.unknownIds.map((index) => [`tiers.${index}.id`, [PRICING_MESSAGES.unknownTier]])),
        );
      }
      if (diff.changes.length === 0) return effectiveTable(tx, market);

      const target = own ?? (await repo.insertTable(tx, market as number, actor.id));
      await repo.deleteTiers(tx, target.id, diff.removedIds);
      for (const { id, values } of diff.updated) await repo.updateTier(tx, id, values);
      await repo.insertTiers(tx, target.id, diff.inserted);
      if (own) await repo.touchTable(tx, own.id, actor.id);
      await repo.insertChanges(
        tx,
        diff.changes.map((change) => ({ ...change, marketId: market, userId: actor.id })),
      );
      return effectiveTable(tx, market);
    });
  }

  async function changes(query: ListQuery): Promise<ListResult<PriceChange>> {
    const result = await repo.listChanges(db, query);
    if (result.render === 'count') return result;
    return {
      render: 'paginate',
      total: result.total,
      rows: result.rows.map(({ userId, userFirstName, userLastName, createdAt, ...change }) => ({
        ...change,
        user: userId === null ? null : { id: userId, fullName: `${userFirstName ?? ''} ${userLastName ?? ''}`.trim() },
        createdAt: createdAt.toISOString(),
      })),
    };
  }

  return { table, tier, tierForLot, tierForTurf, calculate, updateTable, changes };
}

export type PricingService = ReturnType<typeof createPricingService>;
