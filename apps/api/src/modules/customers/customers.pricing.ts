import {
  allowedMowCut,
  bagGrassProblem,
  calculatePrice,
  findLotSizeTier,
  largestTurfSize,
  PRICING_MESSAGES,
  PROPERTY_MESSAGES,
  RECORD_SAVE_MESSAGES,
  tierForTurfSize,
  toCents,
  tierOfOption,
  type CustomerPatch,
  type Frequency,
  type LotSizeOption,
  type LotSizeTier,
  type MowCut,
} from '@lawn/shared';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import { marketLotSizeTiers } from '../pricing/pricing.service';
import { sameValue, type PriceChoiceChange } from './customers.changes';
import type { LockedRecord, RecordChanges } from './customers.update';
import type * as repo from './customers.repo';

/** The patch fields that decide a property's price: a change of any of them makes the server price it anew. */
export const PRICE_INPUT_FIELDS = [
  'lotSize',
  'turfSize',
  'mowCut',
  'srvFrecuency',
  'costService',
  'useCornerLot',
] as const;

type Property = LockedRecord['property'];
type PropertyColumn = keyof repo.PropertyChanges & keyof Property;

/**
 * Sets a field the server derives (or corrects) in the update: a change from the stored value is recorded once, under
 * the patch's field name; a value equal to the stored one is no change at all.
 */
function setDerived(update: RecordChanges, property: Property, field: string, column: PropertyColumn, value: unknown) {
  const index = update.changes.findIndex((change) => change.field === field);
  if (index >= 0) update.changes.splice(index, 1);
  delete update.property[column];
  if (sameValue(property[column], value)) return;
  update.changes.push({ field, from: property[column], to: value });
  Object.assign(update.property, { [column]: value });
}

/** The value the property will hold after the update: the changed one, else the stored one. */
function after<C extends PropertyColumn>(update: RecordChanges, property: Property, column: C): Property[C] {
  return column in update.property ? (update.property[column] as Property[C]) : property[column];
}

/**
 * The tier the lot prices with. A new turf size picks the tier whose turf range holds it (the lot size follows the
 * measurement) unless the same save names the lot size; a named lot size must be one of the market's. A lot size the
 * table no longer lists (a renamed tier) keeps pricing at the agreed price until someone picks one.
 */
function resolveTier(
  update: RecordChanges,
  property: Property,
  patch: CustomerPatch,
  tiers: readonly LotSizeOption[],
): LotSizeOption | undefined {
  if (patch.lotSize !== undefined) {
    const named = findLotSizeTier(patch.lotSize, tiers);
    if (!named) throw badRequest(undefined, { lotSize: [PROPERTY_MESSAGES.lotSizeUnknown] });
    setDerived(update, property, 'lotSize', 'lotSize', named.name);
    return named;
  }
  const turfChanged = update.changes.some((change) => change.field === 'turfSize');
  if (turfChanged && patch.turfSize != null) {
    const measured = tierForTurfSize(patch.turfSize, tiers);
    if (!measured) {
      throw badRequest(undefined, { turfSize: [PRICING_MESSAGES.turfSizeBeyond(largestTurfSize(tiers))] });
    }
    setDerived(update, property, 'lotSize', 'lotSize', measured.name);
    return measured;
  }
  return property.lotSize === null ? undefined : findLotSizeTier(property.lotSize, tiers);
}

/**
 * The base price of a new lot size or frequency. The agreed price is what the customer was promised, so it is never
 * replaced without the person's word: when the table's price for the new combination differs, the save says which to
 * keep (`keepPrice`), or it is refused (409) with both prices for the person to choose; the choice goes into the
 * save's history entry. Equal prices need no choice.
 */
function chosenBasePrice(update: RecordChanges, agreed: number, table: number, keepPrice: boolean | undefined): number {
  if (toCents(agreed) === toCents(table)) return table;
  if (keepPrice === undefined) {
    throw conflict(
      RECORD_SAVE_MESSAGES.choosePrice,
      { keepPrice: [RECORD_SAVE_MESSAGES.choosePrice] },
      { priceChoice: { agreed, table } },
    );
  }
  const choice: PriceChoiceChange = { from: { agreed, table }, to: keepPrice ? 'agreed' : 'table' };
  update.changes.push({ field: 'priceChoice', ...choice });
  return keepPrice ? agreed : table;
}

/**
 * Prices a property anew when its lot size, turf size, areas to mow or frequency change, with the shared engine
 * (`calculatePrice`) and the market's table: never with a price a client sent.
 * - Bag grass is not possible on the big lots (Xtra large and up on the record) nor on the 3-Weekly and Drought
 *   frequencies: a save that asks for it there is refused (400, saying which); a save that makes it impossible
 *   (another lot, frequency 3 or 4) removes it.
 * - A new lot size or frequency keeps the agreed base price (cost of service) or takes the tier's price for the
 *   frequency, as the person chose (`chosenBasePrice`), unless the same save agrees a base price (the Billing info tab).
 *   Subtotal, tax and total follow, at the property's tax rate (the new market's, when the same save moved it).
 * Each changed price field goes into the update, so the save's one history entry names it.
 */
export async function applyPriceChange(
  tx: Executor,
  record: LockedRecord,
  patch: CustomerPatch,
  update: RecordChanges,
): Promise<void> {
  const { property } = record;
  const isPriced = update.changes.some((change) => (PRICE_INPUT_FIELDS as readonly string[]).includes(change.field));
  if (!isPriced) return;
  const tiers = await marketLotSizeTiers(tx, after(update, property, 'marketId'));
  const option = resolveTier(update, property, patch, tiers);
  const lotName = after(update, property, 'lotSize');
  const frequency = after(update, property, 'srvFrequency') as Frequency;

  const mowCut = after(update, property, 'mowCut') as MowCut[];
  const bagGrassRefusal = bagGrassProblem(lotName ?? '', frequency, 'record');
  if (patch.mowCut?.includes('BagGrass') && bagGrassRefusal) {
    throw badRequest(bagGrassRefusal, { mowCut: [bagGrassRefusal] });
  }
  setDerived(update, property, 'mowCut', 'mowCut', allowedMowCut(mowCut, lotName, frequency, 'record'));

  const changed = (field: string) => update.changes.some((change) => change.field === field);
  const agreedPrice = after(update, property, 'costService');
  const isNewCombination =
    option !== undefined && !changed('costService') && (changed('lotSize') || changed('srvFrecuency'));
  // A lot the table does not list prices at the agreed price, whatever the frequency.
  const tier: Pick<LotSizeTier, 'name' | 'prices'> = option
    ? tierOfOption(option)
    : {
        name: lotName ?? '',
        prices: { 1: agreedPrice, 2: agreedPrice, 3: agreedPrice, 4: agreedPrice },
      };
  const price = calculatePrice({
    tier,
    frequency,
    mowCut: after(update, property, 'mowCut') as MowCut[],
    taxRate: after(update, property, 'taxRate'),
    basePrice: isNewCombination
      ? chosenBasePrice(update, agreedPrice, tier.prices[frequency], patch.keepPrice)
      : agreedPrice,
    isCornerLot: after(update, property, 'useCornerLot'),
    bagGrassRules: 'record',
  });
  setDerived(update, property, 'costService', 'costService', price.basePrice);
  setDerived(update, property, 'subtotalMowing', 'subtotalMowing', price.subtotal);
  setDerived(update, property, 'calculatedTax', 'calculatedTax', price.tax);
  setDerived(update, property, 'totalMowing', 'totalMowing', price.total);
}
