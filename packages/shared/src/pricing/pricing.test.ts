import { describe, expect, it } from 'vitest';
import type { Frequency, MowCut } from '../customers/customer.constants';
import {
  isBagGrassAvailable,
  LOT_SIZE_TIERS,
  lotSizeTierForTurf,
  priceForLot,
  priceQuote,
  RECORD_BAG_GRASS_DISABLED_LOTS,
  taxOn,
} from './pricing';

describe('priceQuote', () => {
  it.each<[string, Frequency, MowCut[], number, number]>([
    // description, frequency, areas, base, expected subtotal
    ['front and back, weekly', 1, ['Front', 'Back'], 35, 35],
    ['front and back, bi-weekly', 2, ['Front', 'Back'], 40, 40],
    ['front, back and bag grass, weekly: +10', 1, ['Front', 'Back', 'BagGrass'], 35, 45],
    ['front, back and bag grass, bi-weekly: +20', 2, ['Front', 'Back', 'BagGrass'], 40, 60],
    ['front, back and bag grass, 3-weekly: +20', 3, ['Front', 'Back', 'BagGrass'], 45, 65],
    ['front, back and bag grass, drought: +20', 4, ['Front', 'Back', 'BagGrass'], 40, 60],
    ['only bag grass, weekly: +10', 1, ['BagGrass'], 35, 45],
    ['only bag grass, bi-weekly: +20', 2, ['BagGrass'], 40, 60],
    ['only front: -5', 1, ['Front'], 35, 30],
    ['only back: -5', 2, ['Back'], 40, 35],
    ['front and bag grass, weekly: +10 then -5', 1, ['Front', 'BagGrass'], 35, 40],
    ['back and bag grass, bi-weekly: +20 then -5', 2, ['Back', 'BagGrass'], 40, 55],
    ['duplex sides change nothing', 1, ['Front', 'Back', 'DuplexLeft', 'DuplexRight'], 35, 35],
  ])('%s', (_description, frequency, mowCut, basePrice, subtotal) => {
    expect(priceQuote({ basePrice, frequency, mowCut, taxRate: 0 }).subtotal).toBe(subtotal);
  });

  it('ignores bag grass where the lot does not allow it', () => {
    const quote = priceQuote({
      basePrice: 55,
      frequency: 1,
      mowCut: ['Front', 'Back', 'BagGrass'],
      taxRate: 8.25,
      isBagGrassAvailable: false,
    });
    expect(quote).toMatchObject({ bagGrassSurcharge: 0, subtotal: 55 });
  });

  it('adds tax at taxRate percent rounded to 2 decimals, total = subtotal + tax', () => {
    expect(priceQuote({ basePrice: 45, frequency: 1, mowCut: ['Front', 'Back'], taxRate: 8.25 })).toEqual({
      basePrice: 45,
      bagGrassSurcharge: 0,
      singleAreaDiscount: 0,
      subtotal: 45,
      taxRate: 8.25,
      tax: 3.71,
      total: 48.71,
    });
  });
});

describe('taxOn', () => {
  it.each([
    [45, 8.25, 3.71],
    [40, 8.25, 3.3],
    [35, 8.25, 2.89],
    [30, 8.25, 2.48],
    [10.1, 8.25, 0.83],
    [100, 0, 0],
    [0.06, 8.25, 0],
    [2, 12.5, 0.25],
    [1.1, 5, 0.06],
  ])('%d at %d%% is %d', (subtotal, rate, tax) => {
    expect(taxOn(subtotal, rate)).toBe(tax);
  });
});

describe('lot size table', () => {
  it('has seven tiers with contiguous turf ranges and prices for every frequency', () => {
    expect(LOT_SIZE_TIERS).toHaveLength(7);
    LOT_SIZE_TIERS.forEach((tier, index) => {
      const previous = LOT_SIZE_TIERS[index - 1];
      if (previous) expect(tier.turfSizeStart).toBe(previous.turfSizeEnd + 1);
      expect(Object.keys(tier.prices)).toEqual(['1', '2', '3', '4']);
    });
  });

  it('finds the tier for a turf size', () => {
    expect(lotSizeTierForTurf(0).name).toBe('Small');
    expect(lotSizeTierForTurf(3000).name).toBe('Medium');
    expect(lotSizeTierForTurf(15999).name).toBe('Very large');
    expect(lotSizeTierForTurf(99999).name).toBe('Enormous');
  });

  it.each([
    ['Small', true],
    ['Xtra large', true],
    ['Very large', false],
    ['jumbo', false],
    ['Enormous', false],
  ])('bag grass on %s in the quote: %s', (name, available) => {
    expect(isBagGrassAvailable(name)).toBe(available);
  });

  it('the record screen also disables bag grass on Xtra large', () => {
    expect(isBagGrassAvailable('Xtra large', RECORD_BAG_GRASS_DISABLED_LOTS)).toBe(false);
  });

  it('prices a named lot: base price by lot and frequency, then the rules', () => {
    expect(priceForLot('Medium', 2, ['Front', 'Back', 'BagGrass'], 8.25)).toMatchObject({
      basePrice: 40,
      subtotal: 60,
      tax: 4.95,
      total: 64.95,
    });
    expect(priceForLot('Jumbo', 1, ['Front', 'Back', 'BagGrass'], 8.25).subtotal).toBe(65);
    expect(() => priceForLot('Tiny', 1, ['Front'], 0)).toThrow('Unknown lot size');
  });
});
