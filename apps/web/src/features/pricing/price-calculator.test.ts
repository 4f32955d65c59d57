import { LOT_SIZE_TIERS, PRICING_MESSAGES, serviceFrequencyOf, type LotSizeOption } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { calculatorResult, initialCalculatorState, type CalculatorState } from './price-calculator';

const tiers: LotSizeOption[] = LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
  ...tier,
  id: index + 1,
  serviceFrequency: serviceFrequencyOf(prices),
}));

const state = (changes: Partial<CalculatorState> = {}) => ({ ...initialCalculatorState(8.25), ...changes });

describe('calculatorResult', () => {
  it('prices the tier of the lot size with the market tax rate', () => {
    const result = calculatorResult(state(), tiers);
    expect(result.tier?.name).toBe('Medium');
    expect(result.price).toMatchObject({ basePrice: 35, subtotal: 35, tax: 2.89, total: 37.89 });
  });

  it('finds the tier by turf size when asked', () => {
    expect(calculatorResult(state({ sizeKind: 'turfSize', size: '12000' }), tiers).tier?.name).toBe('Very large');
  });

  it('adds bag grass where allowed and takes 5 off a single area', () => {
    const result = calculatorResult(state({ frequency: 2, isBack: false, isBagGrass: true }), tiers);
    expect(result.price).toMatchObject({ bagGrassSurcharge: 20, singleAreaDiscount: 5, subtotal: 55 });
  });

  it('disables bag grass on big lots and on the Drought Schedule, and does not charge it there', () => {
    const jumbo = calculatorResult(state({ size: '25000', isBagGrass: true }), tiers);
    expect(jumbo).toMatchObject({ canBagGrass: false, price: { bagGrassSurcharge: 0, subtotal: 65 } });
    expect(calculatorResult(state({ frequency: 4, isBagGrass: true }), tiers)).toMatchObject({
      canBagGrass: false,
      price: { bagGrassSurcharge: 0 },
    });
  });

  it.each<[string, Partial<CalculatorState>, Record<string, string>]>([
    ['no size', { size: '' }, { size: 'Enter the lot size in sq ft' }],
    ['a size with a fraction', { size: '70.5' }, { size: 'Enter the lot size in sq ft' }],
    ['a lot beyond the largest tier', { size: '40001' }, { size: PRICING_MESSAGES.lotSizeBeyond(40_000) }],
    [
      'a turf beyond the largest tier',
      { sizeKind: 'turfSize', size: '30001' },
      { size: PRICING_MESSAGES.turfSizeBeyond(30_000) },
    ],
    ['a tax rate over 100', { taxRate: '101' }, { taxRate: PRICING_MESSAGES.taxRate }],
    ['a tax rate that is no number', { taxRate: 'x' }, { taxRate: PRICING_MESSAGES.taxRate }],
  ])('shows no price for %s, and says why', (_description, changes, errors) => {
    const result = calculatorResult(state(changes), tiers);
    expect(result.price).toBeNull();
    expect(result.errors).toEqual(errors);
  });
});
