import type { Frequency, MowCut } from '../customers/customer.constants';
import { canBagGrass, type BagGrassRules } from './bag-grass';
import { findLotSizeTier, LOT_SIZE_TIERS, type LotSizeTier } from './lot-size-tiers';
import { fromCents, percentOfCents, toCents } from './money';

/** Bag grass adds this to one mow: 10 on a weekly plan, 20 on any other frequency. */
export const BAG_GRASS_SURCHARGE = { weekly: 10, other: 20 } as const;
/** Mowing only the front or only the back takes this off one mow. */
export const SINGLE_AREA_DISCOUNT = 5;

/** Sales tax on a subtotal at `taxRate` percent, rounded to the cent (half up). */
export function taxOn(subtotal: number, taxRate: number): number {
  return fromCents(percentOfCents(toCents(subtotal), taxRate));
}

/**
 * Whether an order or a quote has something to mow: Front, Back or a side of a duplex. Bag grass is a service on top
 * of mowing, not an area of its own, so a choice of Bag grass alone has nothing to mow and nothing to price.
 */
export function hasAreaToMow(mowCut: readonly MowCut[]): boolean {
  return mowCut.some((cut) => cut !== 'BagGrass');
}

export type QuoteInput = {
  /** Base price of one mow: the lot's price for the chosen frequency. */
  basePrice: number;
  frequency: Frequency;
  mowCut: readonly MowCut[];
  /** Percent, e.g. 8.25. */
  taxRate: number;
  /** Whether the lot allows bag grass; when it does not, a BagGrass choice is ignored. */
  isBagGrassAvailable?: boolean;
};

export type Quote = {
  basePrice: number;
  bagGrassSurcharge: number;
  singleAreaDiscount: number;
  subtotal: number;
  taxRate: number;
  tax: number;
  total: number;
};

/**
 * The price rules: Bag grass adds 10 (weekly) or 20 (any other frequency), whether chosen with Front and Back or
 * alone; choosing only one of Front or Back takes 5 off, after any bag-grass surcharge. Tax is the subtotal times
 * taxRate percent, rounded half up to the cent; total = subtotal + tax. All in whole cents.
 */
export function priceQuote(input: QuoteInput): Quote {
  const hasFront = input.mowCut.includes('Front');
  const hasBack = input.mowCut.includes('Back');
  const hasBagGrass = input.mowCut.includes('BagGrass') && (input.isBagGrassAvailable ?? true);
  const surchargeCents = hasBagGrass
    ? toCents(input.frequency === 1 ? BAG_GRASS_SURCHARGE.weekly : BAG_GRASS_SURCHARGE.other)
    : 0;
  const discountCents = hasFront !== hasBack ? toCents(SINGLE_AREA_DISCOUNT) : 0;
  const baseCents = toCents(input.basePrice);
  const subtotalCents = Math.max(0, baseCents + surchargeCents - discountCents);
  const taxCents = percentOfCents(subtotalCents, input.taxRate);
  return {
    basePrice: fromCents(baseCents),
    bagGrassSurcharge: fromCents(surchargeCents),
    singleAreaDiscount: fromCents(discountCents),
    subtotal: fromCents(subtotalCents),
    taxRate: input.taxRate,
    tax: fromCents(taxCents),
    total: fromCents(subtotalCents + taxCents),
  };
}

export type PriceInput = {
  /** The lot's tier: its name decides whether bag grass is possible, its prices give the base price. */
  tier: Pick<LotSizeTier, 'name' | 'prices'>;
  frequency: Frequency;
  /** Front, Back and BagGrass count; the duplex sides change nothing. */
  mowCut: readonly MowCut[];
  /** Percent, e.g. 8.25 or 6.875. */
  taxRate: number;
  /** A price of one mow the office agreed (costService); without it, the tier's price for the frequency. */
  basePrice?: number;
  /** A corner lot is mowed by its actual turf measurement: a flag with no charge of its own. */
  isCornerLot?: boolean;
  /** Which screen's list of lots without bag grass applies (default: the quote's). */
  bagGrassRules?: BagGrassRules;
};

export type PriceBreakdown = Quote & {
  lotSize: string;
  frequency: Frequency;
  /** Whether this lot and frequency allow bag grass; when false a BagGrass choice was ignored. */
  isBagGrassAvailable: boolean;
  isCornerLot: boolean;
};

/**
 * The one price calculation every screen and the API use: the base price from the tier and frequency (or the agreed
 * price), bag grass only where the lot and frequency allow it (not on Very large, Jumbo or Enormous lots, never on
 * the Drought Schedule), then the rules of `priceQuote`.
 */
export function calculatePrice(input: PriceInput): PriceBreakdown {
  const isBagGrassAvailable = canBagGrass(input.tier.name, input.frequency, input.bagGrassRules);
  const quote = priceQuote({
    basePrice: input.basePrice ?? input.tier.prices[input.frequency],
    frequency: input.frequency,
    mowCut: input.mowCut,
    taxRate: input.taxRate,
    isBagGrassAvailable,
  });
  return {
    ...quote,
    lotSize: input.tier.name,
    frequency: input.frequency,
    isBagGrassAvailable,
    isCornerLot: input.isCornerLot ?? false,
  };
}

/** The price of a named lot of the table: `calculatePrice` with the tier's own price. */
export function priceForLot(
  lotName: string,
  frequency: Frequency,
  mowCut: readonly MowCut[],
  taxRate: number,
  tiers: readonly LotSizeTier[] = LOT_SIZE_TIERS,
): Quote {
  const tier = findLotSizeTier(lotName, tiers);
  if (!tier) throw new Error(`Unknown lot size: ${lotName}`);
  return calculatePrice({ tier, frequency, mowCut, taxRate });
}
