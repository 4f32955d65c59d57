import { calculatePrice, findLotSizeTier, type Frequency, type LotSizeTier, type MowCut } from '@lawn/shared';
import type { Executor } from '../../db/client';
import { marketTiers } from '../pricing/pricing.service';
import type { FieldChange } from './customers.changes';
import type { LockedRecord, RecordChanges } from './customers.update';

/** Patch fields whose change changes what one mow costs: the server prices again whenever one of them changes. */
export const PRICE_INPUT_FIELDS = [
  'srvFrecuency',
  'costService',
  'mowCut',
  'lotSize',
  'billingLotSize',
  'turfSize',
  'useCornerLot',
] as const;

/** Fields that choose which price of the lot's tier applies: a change of one bills that tier's price again. */
const TIER_PRICE_FIELDS = ['srvFrecuency', 'lotSize', 'billingLotSize'] as const;

/** What the pricing reads of a property, as it will be after the save. */
export type PricedProperty = {
  srvFrequency: number;
  costService: number;
  mowCut: readonly string[];
  taxRate: number;
  lotSize: string | null;
  billingLotSize: string | null;
  useCornerLot: boolean;
};

export type RecordPrice = Pick<
  LockedRecord['property'],
  'costService' | 'subtotalMowing' | 'calculatedTax' | 'totalMowing'
>;

/** The lot the property is priced by: its lot size, else its billing lot size. */
const lotNameOf = (property: PricedProperty) => property.lotSize ?? property.billingLotSize;

/**
 * The record's price with the shared engine, never a price a client sent: the base price is the agreed price of one
 * mow (costService), except that a new frequency or lot (without a new agreed price in the same save) bills the lot
 * tier's price for that frequency; bag grass follows the record screen's rules (not on Xtra large and bigger lots,
 * never on the Drought Schedule); tax at the record's rate (its market's). Null when there is nothing to price from:
 * no agreed price and no known lot.
 */
export function priceOfRecord(
  property: PricedProperty,
  changedFields: ReadonlySet<string>,
  tiers: readonly LotSizeTier[],
): RecordPrice | null {
  const lotName = lotNameOf(property);
  const tier = lotName === null ? undefined : findLotSizeTier(lotName, tiers);
  const frequency = property.srvFrequency as Frequency;
  const followsTier =
    tier !== undefined &&
    !changedFields.has('costService') &&
    TIER_PRICE_FIELDS.some((field) => changedFields.has(field));
  const basePrice = followsTier ? tier.prices[frequency] : property.costService;
  if (!(basePrice > 0)) return null;
  const price = calculatePrice({
    tier: tier ?? { name: lotName ?? '', prices: { 1: basePrice, 2: basePrice, 3: basePrice, 4: basePrice } },
    frequency,
    mowCut: property.mowCut as readonly MowCut[],
    taxRate: property.taxRate,
    basePrice,
    isCornerLot: property.useCornerLot,
    bagGrassRules: 'record',
  });
  return {
    costService: price.basePrice,
    subtotalMowing: price.subtotal,
    calculatedTax: price.tax,
    totalMowing: price.total,
  };
}

/**
 * Prices the record again when the save changes a price input, inside the save's transaction, and adds the price
 * fields that change to the save and to its history entry (one entry per save).
 */
export async function applyPriceChange(
  tx: Executor,
  property: LockedRecord['property'],
  update: RecordChanges,
): Promise<void> {
  const changedFields = new Set(update.changes.map((change) => change.field));
  if (!PRICE_INPUT_FIELDS.some((field) => changedFields.has(field))) return;
  const next = { ...property, ...update.property };
  const tiers = lotNameOf(next) === null ? [] : await marketTiers(tx, next.marketId);
  const price = priceOfRecord(next, changedFields, tiers);
  if (!price) return;
  for (const field of Object.keys(price) as (keyof RecordPrice)[]) {
    const before = property[field];
    const after = price[field];
    const existing = update.changes.find((change) => change.field === field);
    if (existing) existing.to = after;
    else if (before !== after) update.changes.push({ field, from: before, to: after } satisfies FieldChange);
    Object.assign(update.property, { [field]: after });
  }
}
