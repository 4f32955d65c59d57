import { describe, expect, it } from 'vitest';
import type { Frequency, MowCut } from '../customers/customer.constants';
import { isBagGrassAvailable, RECORD_BAG_GRASS_DISABLED_LOTS } from './bag-grass';
import { LOT_SIZE_TIERS, lotSizeTierForTurf } from './lot-size-tiers';
import { calculatePrice, priceForLot, priceQuote, taxOn } from './pricing';

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

describe('calculatePrice', () => {
  const tier = (name: string) => {
    const found = LOT_SIZE_TIERS.find((candidate) => candidate.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it.each<[string, string, Frequency, MowCut[], number, number, number, number]>([
    // description, lot, frequency, areas, base, surcharge, discount, subtotal
    ['base price of the tier and frequency', 'Medium', 2, ['Front', 'Back'], 40, 0, 0, 40],
    ['bag grass weekly on a small lot: +10', 'Small', 1, ['Front', 'Back', 'BagGrass'], 30, 10, 0, 40],
    ['bag grass 3-weekly on a large lot: +20', 'Large', 3, ['Front', 'Back', 'BagGrass'], 50, 20, 0, 70],
    ['bag grass alone on Xtra large: +20 (the quote allows it)', 'Xtra large', 2, ['BagGrass'], 50, 20, 0, 70],
    ['bag grass on Very large is ignored', 'Very large', 1, ['Front', 'Back', 'BagGrass'], 55, 0, 0, 55],
    ['bag grass on Jumbo is ignored, the single area still counts', 'Jumbo', 2, ['Front', 'BagGrass'], 70, 0, 5, 65],
    ['bag grass on Enormous is ignored', 'Enormous', 1, ['BagGrass'], 80, 0, 0, 80],
    ['bag grass on the Drought Schedule is ignored', 'Small', 4, ['Front', 'Back', 'BagGrass'], 35, 0, 0, 35],
    ['only front: -5', 'Large', 1, ['Front'], 40, 0, 5, 35],
    ['only back with bag grass, weekly: +10 then -5', 'Small', 1, ['Back', 'BagGrass'], 30, 10, 5, 35],
  ])('%s', (_description, lot, frequency, mowCut, basePrice, surcharge, discount, subtotal) => {
    expect(calculatePrice({ tier: tier(lot), frequency, mowCut, taxRate: 0 })).toMatchObject({
      basePrice,
      bagGrassSurcharge: surcharge,
      singleAreaDiscount: discount,
      subtotal,
      total: subtotal,
    });
  });

  it('says where bag grass is possible', () => {
    const answer = (lot: string, frequency: Frequency) =>
      calculatePrice({ tier: tier(lot), frequency, mowCut: ['BagGrass'], taxRate: 0 }).isBagGrassAvailable;
    expect(answer('Xtra large', 1)).toBe(true);
    expect(answer('Very large', 1)).toBe(false);
    expect(answer('Small', 4)).toBe(false);
  });

  it('uses the record screen list of lots without bag grass when asked', () => {
    const quote = calculatePrice({
      tier: tier('Xtra large'),
      frequency: 1,
      mowCut: ['Front', 'Back', 'BagGrass'],
      taxRate: 0,
      bagGrassRules: 'record',
    });
    expect(quote).toMatchObject({ isBagGrassAvailable: false, bagGrassSurcharge: 0, subtotal: 45 });
  });

  it('charges nothing for a corner lot and says it is one', () => {
    const plain = calculatePrice({ tier: tier('Medium'), frequency: 1, mowCut: ['Front', 'Back'], taxRate: 8.25 });
    const corner = calculatePrice({
      tier: tier('Medium'),
      frequency: 1,
      mowCut: ['Front', 'Back'],
      taxRate: 8.25,
      isCornerLot: true,
    });
    expect(corner).toEqual({ ...plain, isCornerLot: true });
  });

  it('starts from an agreed price (costService) instead of the tier price', () => {
    expect(
      calculatePrice({
        tier: tier('Medium'),
        frequency: 1,
        mowCut: ['Front', 'BagGrass'],
        taxRate: 8.25,
        basePrice: 37.5,
      }),
    ).toMatchObject({ basePrice: 37.5, subtotal: 42.5, tax: 3.51, total: 46.01 });
  });

  it.each<[number, number, number, number]>([
    // base, rate, tax, total: tax is rounded half up to the cent, the total is exact
    [45, 8.25, 3.71, 48.71],
    [35, 6.875, 2.41, 37.41],
    [40, 6.875, 2.75, 42.75],
    [36.36, 6.875, 2.5, 38.86],
    [30.3, 8.25, 2.5, 32.8],
    [0.1, 7, 0.01, 0.11],
    [19.99, 8.25, 1.65, 21.64],
    [0.01, 50, 0.01, 0.02],
  ])('%d at %d%% is %d tax, %d total', (basePrice, taxRate, tax, total) => {
    expect(
      calculatePrice({ tier: tier('Small'), frequency: 1, mowCut: ['Front', 'Back'], taxRate, basePrice }),
    ).toMatchObject({ subtotal: basePrice, tax, total });
  });

  it('adds in cents: a float sum would be 0.30000000000000004', () => {
    const quote = calculatePrice({
      tier: tier('Small'),
      frequency: 1,
      mowCut: ['Front', 'Back'],
      taxRate: 0,
      basePrice: 0.1,
    });
    expect(quote.total).toBe(0.1);
    expect(priceQuote({ basePrice: 0.2, frequency: 1, mowCut: ['Front', 'Back'], taxRate: 50 }).total).toBe(0.3);
  });
});
