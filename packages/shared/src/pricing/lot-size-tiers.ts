import type { Frequency } from '../customers/customer.constants';

/**
 * A lot-size tier (the "billing logic" of a lot size): its turf-size range in sq ft, the lot size it ends at, and the
 * price of one mow per frequency (1 Weekly, 2 Bi-Weekly, 3 3-Weekly, 4 Drought Schedule).
 */
export type LotSizeTier = {
  name: string;
  turfSizeStart: number;
  turfSizeEnd: number;
  lotSizeEnd: number;
  prices: Record<Frequency, number>;
};

/** The wire keys of the per-frequency prices (`serviceFrequency.f1` is the weekly price, and so on). */
export const PRICE_KEYS = ['f1', 'f2', 'f3', 'f4'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];
export type ServiceFrequencyPrices = Record<PriceKey, number>;

export const priceKeyOf = (frequency: Frequency): PriceKey => `f${frequency}`;

/** A tier as the API lists it: the per-frequency prices under `serviceFrequency`, keyed f1 to f4. */
export type LotSizeOptionShape = Omit<LotSizeTier, 'prices'> & { serviceFrequency: ServiceFrequencyPrices };

export function tierOfOption<T extends LotSizeOptionShape>({ serviceFrequency, ...rest }: T): LotSizeTier {
  const { f1, f2, f3, f4 } = serviceFrequency;
  return {
    name: rest.name,
    turfSizeStart: rest.turfSizeStart,
    turfSizeEnd: rest.turfSizeEnd,
    lotSizeEnd: rest.lotSizeEnd,
    prices: { 1: f1, 2: f2, 3: f3, 4: f4 },
  };
}

export function serviceFrequencyOf(prices: Record<Frequency, number>): ServiceFrequencyPrices {
  return { f1: prices[1], f2: prices[2], f3: prices[3], f4: prices[4] };
}

/**
 * The default price table (seven tiers, as the quote's seven cards). The database starts with the same figures as
 * its default table (migration 0005), which markets use until they get their own; the spec fixes the shape and the
 * rules, not the dollar figures, so these are the demo figures.
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

type SizedTier = Pick<LotSizeTier, 'turfSizeStart' | 'turfSizeEnd' | 'lotSizeEnd'>;

/** The tier of a lot name, in any letter case (properties keep their lot size as the tier's name). */
export function findLotSizeTier<T extends Pick<LotSizeTier, 'name'>>(name: string, tiers: readonly T[]): T | undefined {
  return tiers.find((tier) => tier.name.toLowerCase() === name.trim().toLowerCase());
}

/**
 * The tier a lot size (sq ft) falls in: the first tier, in lot-size order, whose lot-size end is at or above it. A tier
 * holds the lot sizes above the previous tier's end up to its own end. Undefined beyond the largest tier's end: that
 * lot is too big for the table, which the API answers with a 400 naming the field.
 */
export function tierForLotSize<T extends SizedTier>(lotSize: number, tiers: readonly T[]): T | undefined {
  return [...tiers].sort((a, b) => a.lotSizeEnd - b.lotSizeEnd).find((tier) => lotSize <= tier.lotSizeEnd);
}

/** The tier whose turf-size range (start and end included) holds the measurement; undefined outside the table. */
export function tierForTurfSize<T extends SizedTier>(turfSize: number, tiers: readonly T[]): T | undefined {
  return tiers.find((tier) => turfSize >= tier.turfSizeStart && turfSize <= tier.turfSizeEnd);
}

/** The tier whose turf-size range holds the measurement (the largest tier beyond its end). */
export function lotSizeTierForTurf(turfSize: number, tiers: readonly LotSizeTier[] = LOT_SIZE_TIERS): LotSizeTier {
  const tier = tierForTurfSize(turfSize, tiers);
  const last = tiers[tiers.length - 1];
  if (tier) return tier;
  if (!last) throw new Error('empty lot size table');
  return turfSize > last.turfSizeEnd ? last : (tiers[0] ?? last);
}

/** The largest lot size the table prices: the last tier's end. */
export function largestLotSize(tiers: readonly SizedTier[]): number {
  return Math.max(0, ...tiers.map((tier) => tier.lotSizeEnd));
}

/** The largest turf size the table prices: the last tier's turf-size end. */
export function largestTurfSize(tiers: readonly SizedTier[]): number {
  return Math.max(0, ...tiers.map((tier) => tier.turfSizeEnd));
}
