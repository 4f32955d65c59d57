import { LOT_SIZE_TIERS, PRICING_MESSAGES, serviceFrequencyOf, type LotSizeTable } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { tableWithTier, tierFormValuesOf, type TierFormValues } from './tier-form';

const table: LotSizeTable = {
  data: LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
    ...tier,
    id: index + 1,
    serviceFrequency: serviceFrequencyOf(prices),
  })),
  total: LOT_SIZE_TIERS.length,
  marketId: null,
  usesDefault: false,
  version: 12,
};

const medium = (changes: Partial<TierFormValues>) => ({
  ...tierFormValuesOf(table.data[1] ?? table.data[0]!),
  ...changes,
});

describe('tableWithTier', () => {
  it('shows a tier as text with prices to the cent', () => {
    expect(tierFormValuesOf(table.data[1]!)).toEqual({
      name: 'Medium',
      turfSizeStart: '3000',
      turfSizeEnd: '5999',
      lotSizeEnd: '9000',
      f1: '35.00',
      f2: '40.00',
      f3: '45.00',
      f4: '40.00',
    });
  });

  it('builds the whole table to save, with the version read and the tier changed', () => {
    const result = tableWithTier(table, 1, medium({ f2: '42.5' }));
    expect(result).toMatchObject({ update: { version: 12 } });
    if (!('update' in result)) throw new Error('refused');
    expect(result.update.tiers).toHaveLength(7);
    expect(result.update.tiers[1]).toMatchObject({ id: 2, serviceFrequency: { f1: 35, f2: 42.5 } });
  });

  it.each<[string, Partial<TierFormValues>, Record<string, string>]>([
    ['an empty price', { f1: '' }, { f1: PRICING_MESSAGES.priceRequired }],
    ['a price that is no number', { f2: 'abc' }, { f2: PRICING_MESSAGES.priceNumber }],
    ['a negative price', { f3: '-1' }, { f3: PRICING_MESSAGES.pricePositive }],
    ['a price with fractions of a cent', { f4: '40.555' }, { f4: PRICING_MESSAGES.priceCents }],
    ['an empty name', { name: ' ' }, { name: PRICING_MESSAGES.nameRequired }],
    ['a name another tier has', { name: 'small' }, { name: PRICING_MESSAGES.nameTaken }],
    ['a turf start that is no whole number', { turfSizeStart: '3000.5' }, { turfSizeStart: PRICING_MESSAGES.size }],
    ['a lot size end below the previous one', { lotSizeEnd: '5000' }, { lotSizeEnd: PRICING_MESSAGES.lotSizeEndOrder }],
  ])('refuses %s with the shared message', (_description, changes, errors) => {
    expect(tableWithTier(table, 1, medium(changes))).toEqual({ errors, tableError: null });
  });

  it('moves the neighbours with a turf range, so the table stays contiguous', () => {
    const result = tableWithTier(table, 1, medium({ turfSizeStart: '2500', turfSizeEnd: '6499' }));
    if (!('update' in result)) throw new Error('refused');
    expect(result.update.tiers.slice(0, 3).map((tier) => [tier.turfSizeStart, tier.turfSizeEnd])).toEqual([
      [0, 2499],
      [2500, 6499],
      [6500, 8999],
    ]);
  });

  it('names the neighbour a turf range would leave empty', () => {
    expect(tableWithTier(table, 1, medium({ turfSizeEnd: '9500' }))).toEqual({
      errors: {},
      tableError: `Large: ${PRICING_MESSAGES.turfEndBeforeStart}`,
    });
  });
});
