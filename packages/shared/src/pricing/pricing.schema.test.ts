import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LOT_SIZE_TIERS, serviceFrequencyOf } from './lot-size-tiers';
import {
  lotSizeTableUpdateSchema,
  PRICING_MESSAGES,
  priceCalculationQuerySchema,
  priceSchema,
  tierTableProblems,
  type LotSizeTierInput,
} from './pricing.schema';

const defaultTiers = (): LotSizeTierInput[] =>
  LOT_SIZE_TIERS.map(({ prices, ...tier }) => ({ ...tier, serviceFrequency: serviceFrequencyOf(prices) }));

/** Each failing field path with its messages, as the API's error body lists them. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('priceSchema', () => {
  it.each<[unknown, string | null]>([
    [35, null],
    [35.5, null],
    [0.01, null],
    [99_999_999.99, null],
    [undefined, PRICING_MESSAGES.priceRequired],
    ['35', PRICING_MESSAGES.priceNumber],
    [null, PRICING_MESSAGES.priceNumber],
    [0, PRICING_MESSAGES.pricePositive],
    [-5, PRICING_MESSAGES.pricePositive],
    [35.555, PRICING_MESSAGES.priceCents],
    [100_000_000, PRICING_MESSAGES.priceMax],
  ])('%s: %s', (value, message) => {
    const result = priceSchema.safeParse(value);
    expect(result.success ? null : result.error.issues.map((issue) => issue.message)).toEqual(
      message === null ? null : [message],
    );
  });
});

describe('tierTableProblems', () => {
  it('finds nothing wrong with the default table', () => {
    expect(tierTableProblems(defaultTiers())).toEqual([]);
  });

  it.each<[string, (tiers: LotSizeTierInput[]) => void, string, string]>([
    [
      'the first tier starts above 0',
      (t) => void ((t[0] as LotSizeTierInput).turfSizeStart = 1),
      '0.turfSizeStart',
      PRICING_MESSAGES.firstTurfStart,
    ],
    [
      'a gap between turf ranges',
      (t) => void ((t[1] as LotSizeTierInput).turfSizeStart = 3001),
      '1.turfSizeStart',
      PRICING_MESSAGES.turfStartAfter(2999),
    ],
    [
      'overlapping turf ranges',
      (t) => void ((t[2] as LotSizeTierInput).turfSizeStart = 5000),
      '2.turfSizeStart',
      PRICING_MESSAGES.turfStartAfter(5999),
    ],
    [
      'a turf end below its start',
      (t) => Object.assign(t[6] as LotSizeTierInput, { turfSizeEnd: 21_000 }),
      '6.turfSizeEnd',
      PRICING_MESSAGES.turfEndBeforeStart,
    ],
    [
      'a lot size end not above the previous one',
      (t) => void ((t[3] as LotSizeTierInput).lotSizeEnd = 12_000),
      '3.lotSizeEnd',
      PRICING_MESSAGES.lotSizeEndOrder,
    ],
    [
      'a name used twice, in another case',
      (t) => void ((t[4] as LotSizeTierInput).name = 'jumbo'),
      '5.name',
      PRICING_MESSAGES.nameTaken,
    ],
  ])('%s', (_description, breakIt, path, message) => {
    const tiers = defaultTiers();
    breakIt(tiers);
    expect(tierTableProblems(tiers).map((problem) => [problem.path.join('.'), problem.message])).toEqual([
      [path, message],
    ]);
  });

  it('refuses a tier listed twice', () => {
    const tiers = defaultTiers()
      .slice(0, 2)
      .map((tier, index) => ({ ...tier, id: index === 0 ? 4 : 4 }));
    expect(tierTableProblems(tiers)).toEqual([{ path: [1, 'id'], message: PRICING_MESSAGES.duplicateTier }]);
  });
});

describe('lotSizeTableUpdateSchema', () => {
  it('accepts the default table with a version', () => {
    expect(lotSizeTableUpdateSchema.safeParse({ version: 3, tiers: defaultTiers() }).success).toBe(true);
  });

  it('names each broken field by its path in the table', () => {
    const tiers = defaultTiers();
    Object.assign(tiers[1] as LotSizeTierInput, { name: ' ', serviceFrequency: { f1: 0, f2: 'x', f3: 40.123 } });
    Object.assign(tiers[3] as LotSizeTierInput, { lotSizeEnd: -1 });
    expect(fieldErrors(lotSizeTableUpdateSchema.safeParse({ version: 3, tiers }))).toEqual({
      'tiers.1.name': [PRICING_MESSAGES.nameRequired],
      'tiers.1.serviceFrequency.f1': [PRICING_MESSAGES.pricePositive],
      'tiers.1.serviceFrequency.f2': [PRICING_MESSAGES.priceNumber],
      'tiers.1.serviceFrequency.f3': [PRICING_MESSAGES.priceCents],
      'tiers.1.serviceFrequency.f4': [PRICING_MESSAGES.priceRequired],
      'tiers.3.lotSizeEnd': [PRICING_MESSAGES.size],
    });
  });

  it('checks the table rules once every tier is well formed', () => {
    const tiers = defaultTiers();
    (tiers[1] as LotSizeTierInput).turfSizeStart = 2000;
    expect(fieldErrors(lotSizeTableUpdateSchema.safeParse({ version: 3, tiers }))).toEqual({
      'tiers.1.turfSizeStart': [PRICING_MESSAGES.turfStartAfter(2999)],
    });
  });

  it('needs at least one tier and a version', () => {
    expect(Object.keys(fieldErrors(lotSizeTableUpdateSchema.safeParse({ tiers: [] })))).toEqual(['version', 'tiers']);
  });
});

describe('priceCalculationQuerySchema', () => {
  it('reads the query as text', () => {
    expect(
      priceCalculationQuerySchema.parse({
        costService: '40.5',
        lotSize: '7000',
        taxRate: '6.875',
        srvFrequency: '2',
        isBagging: 'true',
        mowCut: 'Front,BagGrass',
        useCornerLot: '0',
      }),
    ).toEqual({
      costService: 40.5,
      lotSize: 7000,
      taxRate: 6.875,
      srvFrequency: 2,
      isBagging: true,
      mowCut: ['Front', 'BagGrass'],
      useCornerLot: false,
    });
  });

  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ['no size at all', { srvFrequency: '1', taxRate: '8.25' }, { lotSize: [PRICING_MESSAGES.sizeNeeded] }],
    ['no tax rate and no market', { srvFrequency: '1', lotSize: '10' }, { taxRate: [PRICING_MESSAGES.taxRateNeeded] }],
    [
      'a negative price',
      { srvFrequency: '1', lotSize: '10', taxRate: '0', costService: '-3' },
      { costService: [PRICING_MESSAGES.pricePositive] },
    ],
    [
      'a price that is not a number',
      { srvFrequency: '1', lotSize: '10', taxRate: '0', costService: 'ten' },
      { costService: [PRICING_MESSAGES.priceNumber] },
    ],
    [
      'a tax rate over 100',
      { srvFrequency: '1', lotSize: '10', taxRate: '101' },
      { taxRate: [PRICING_MESSAGES.taxRate] },
    ],
    [
      'a tax rate with 4 decimals',
      { srvFrequency: '1', lotSize: '10', taxRate: '6.8751' },
      { taxRate: [PRICING_MESSAGES.taxRate] },
    ],
    [
      'an unknown frequency',
      { srvFrequency: '5', lotSize: '10', taxRate: '0' },
      { srvFrequency: ['Choose one of the listed options'] },
    ],
    ['a lot size of 0', { srvFrequency: '1', lotSize: '0', taxRate: '0' }, { lotSize: [PRICING_MESSAGES.size] }],
    [
      'a lot size past the integer column',
      { srvFrequency: '1', lotSize: '2147483648', taxRate: '0' },
      { lotSize: [PRICING_MESSAGES.size] },
    ],
    [
      'an unknown area',
      { srvFrequency: '1', lotSize: '10', taxRate: '0', mowCut: 'Front,Roof' },
      { mowCut: [PRICING_MESSAGES.mowCut] },
    ],
    [
      'a flag that is not one',
      { srvFrequency: '1', lotSize: '10', taxRate: '0', isBagging: 'yes' },
      { isBagging: [PRICING_MESSAGES.flag] },
    ],
  ])('%s', (_description, query, errors) => {
    expect(fieldErrors(priceCalculationQuerySchema.safeParse(query))).toEqual(errors);
  });
});
