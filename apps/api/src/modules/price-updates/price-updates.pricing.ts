import { calculatePrice, fromCents, toCents, type Frequency, type MowCut, type PriceUpdateType } from '@lawn/shared';
import type { PriceGroup } from './price-updates.repo';

/** A property's four prices: the base price of one mow, the subtotal, tax and total. */
export type Prices = { costService: number; subtotalMowing: number; calculatedTax: number; totalMowing: number };

export const pricesOf = (property: Prices): Prices => ({
  costService: property.costService,
  subtotalMowing: property.subtotalMowing,
  calculatedTax: property.calculatedTax,
  totalMowing: property.totalMowing,
});

/** Whether two sets of prices are the same to the cent. */
export function samePrices(a: Prices, b: Prices): boolean {
  return (Object.keys(a) as (keyof Prices)[]).every((key) => toCents(a[key]) === toCents(b[key]));
}

/**
 * A property priced at a new base price with the shared engine: its areas, frequency, lot (whether bag grass is
 * possible) and tax rate decide the subtotal, tax and total, as a record save prices it. The base price is the
 * agreed one, so the lot's table price is not consulted.
 */
export function repriced(property: Omit<PriceGroup, 'properties'>, costService: number): Prices {
  const frequency = property.srvFrequency as Frequency;
  const price = calculatePrice({
    tier: {
      name: property.lotSize ?? '',
      prices: { 1: costService, 2: costService, 3: costService, 4: costService },
    },
    frequency,
    mowCut: property.mowCut as MowCut[],
    taxRate: property.taxRate,
    basePrice: costService,
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

/** The base price an increase or a decrease gives: the current one moved by the amount, in whole cents. */
export function movedCost(current: number, type: PriceUpdateType, amount: number): number {
  const sign = type === 'decrease' ? -1 : 1;
  return fromCents(toCents(current) + sign * toCents(amount));
}
