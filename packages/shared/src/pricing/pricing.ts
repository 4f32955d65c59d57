import type { Frequency, MowCut } from '../customers/customer.constants';

/**
 * A lot-size tier (spec 3 section 3 "Lot size option"): turf-size range in sq ft, the lot size it ends at, and the
 * price of one mow per frequency (f1 Weekly, f2 Bi-Weekly, f3 3-Weekly, f4 Drought Schedule).
 */
export type LotSizeTier = {
  name: string;
  turfSizeStart: number;
  turfSizeEnd: number;
  lotSizeEnd: number;
  prices: Record<Frequency, number>;
};

/**
 * The default price table (seven tiers, as the quote's seven cards). The spec fixes the shape and the rules, not the
 * dollar figures; these are the demo figures, and the table is data a later issue makes editable.
 */
export const LOT_SIZE_TIERS: readonly LotSizeTier[] = [
  { name: 'Small', turfSizeStart: 0, turfSizeEnd: 2999, lotSizeEnd: 6000, prices: { 1: 30, 2: 35, 3: 40, 4: 35 } },
  {
    name: 'Medium',
    turfSizeStart: 3000,
    turfSizeEnd: 5999,
    lotSizeEnd: 9000,
    prices: { 1: 35, 2: 40, 3: 45, 4: 40 },
  },
  { name: 'Large', turfSizeStart: 6000, turfSizeEnd: 8999, lotSizeEnd: 12000, prices: { 1: 40, 2: 45, 3: 50, 4: 45 } },
  {
    name: 'Xtra large',
    turfSizeStart: 9000,
    turfSizeEnd: 11999,
    lotSizeEnd: 16000,
    prices: { 1: 45, 2: 50, 3: 55, 4: 50 },
  },
  {
    name: 'Very large',
    turfSizeStart: 12000,
    turfSizeEnd: 15999,
    lotSizeEnd: 21000,
    prices: { 1: 55, 2: 60, 3: 65, 4: 60 },
  },
  {
    name: 'Jumbo',
    turfSizeStart: 16000,
    turfSizeEnd: 21999,
    lotSizeEnd: 28000,
    prices: { 1: 65, 2: 70, 3: 75, 4: 70 },
  },
  {
    name: 'Enormous',
    turfSizeStart: 22000,
    turfSizeEnd: 30000,
    lotSizeEnd: 40000,
    prices: { 1: 80, 2: 85, 3: 90, 4: 85 },
  },
];

/** Lot names on which the quote removes and disables Bag grass (spec 3 section 9). */
export const BAG_GRASS_DISABLED_LOTS = ['Very large', 'Jumbo', 'Enormous'] as const;
/** The record screen also disables it for Xtra large (DOMAIN.md). */
export const RECORD_BAG_GRASS_DISABLED_LOTS = [...BAG_GRASS_DISABLED_LOTS, 'Xtra large'] as const;

export const BAG_GRASS_SURCHARGE = { weekly: 10, other: 20 } as const;
export const SINGLE_AREA_DISCOUNT = 5;

export function isBagGrassAvailable(lotName: string, disabled: readonly string[] = BAG_GRASS_DISABLED_LOTS): boolean {
  return !disabled.some((name) => name.toLowerCase() === lotName.trim().toLowerCase());
}

export function findLotSizeTier(name: string, tiers: readonly LotSizeTier[] = LOT_SIZE_TIERS): LotSizeTier | undefined {
  return tiers.find((tier) => tier.name.toLowerCase() === name.trim().toLowerCase());
}

/** The tier whose turf-size range holds the measurement (the largest tier beyond its end). */
export function lotSizeTierForTurf(turfSize: number, tiers: readonly LotSizeTier[] = LOT_SIZE_TIERS): LotSizeTier {
  const tier = tiers.find((candidate) => turfSize >= candidate.turfSizeStart && turfSize <= candidate.turfSizeEnd);
  const last = tiers[tiers.length - 1];
  if (tier) return tier;
  if (!last) throw new Error('empty lot size table');
  return turfSize > last.turfSizeEnd ? last : (tiers[0] ?? last);
}

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** Sales tax on a subtotal at `taxRate` percent, rounded to the cent (half up). */
export function taxOn(subtotal: number, taxRate: number): number {
  // Integer cents times integer basis points: no binary-fraction surprises before rounding.
  return toDollars(Math.round((toCents(subtotal) * Math.round(taxRate * 100)) / 10_000));
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
 * The price rules of spec 3 section 9: bag grass adds 10 (weekly) or 20 (any other frequency) — whether with Front
 * and Back or alone; choosing only one of Front or Back takes 5 off, after any bag-grass surcharge. Tax is the
 * subtotal times taxRate percent, to 2 decimals; total = subtotal + tax.
 */
export function priceQuote(input: QuoteInput): Quote {
  const hasFront = input.mowCut.includes('Front');
  const hasBack = input.mowCut.includes('Back');
  const hasBagGrass = input.mowCut.includes('BagGrass') && (input.isBagGrassAvailable ?? true);
  const surchargeCents = hasBagGrass
    ? toCents(input.frequency === 1 ? BAG_GRASS_SURCHARGE.weekly : BAG_GRASS_SURCHARGE.other)
    : 0;
  const discountCents = hasFront !== hasBack ? toCents(SINGLE_AREA_DISCOUNT) : 0;
  const subtotalCents = Math.max(0, toCents(input.basePrice) + surchargeCents - discountCents);
  const subtotal = toDollars(subtotalCents);
  const tax = taxOn(subtotal, input.taxRate);
  return {
    basePrice: toDollars(toCents(input.basePrice)),
    bagGrassSurcharge: toDollars(surchargeCents),
    singleAreaDiscount: toDollars(discountCents),
    subtotal,
    taxRate: input.taxRate,
    tax,
    total: toDollars(subtotalCents + toCents(tax)),
  };
}

/** Quote for a named lot tier from the table: base price by lot and frequency, then the rules above. */
export function priceForLot(
  lotName: string,
  frequency: Frequency,
  mowCut: readonly MowCut[],
  taxRate: number,
  tiers: readonly LotSizeTier[] = LOT_SIZE_TIERS,
): Quote {
  const tier = findLotSizeTier(lotName, tiers);
  if (!tier) throw new Error(`Unknown lot size: ${lotName}`);
  return priceQuote({
    basePrice: tier.prices[frequency],
    frequency,
    mowCut,
    taxRate,
    isBagGrassAvailable: isBagGrassAvailable(tier.name),
  });
}
