import { describe, expect, it } from 'vitest';
import { fromCents, hasDecimalsAtMost, percentOfCents, toCents } from './money';

describe('toCents and fromCents', () => {
  it.each([
    [0, 0],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [40.55, 4055],
    [99_999_999.99, 9_999_999_999],
  ])('%s dollars are %s cents and back', (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
    expect(fromCents(cents)).toBe(dollars);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('percentOfCents', () => {
  it.each([
    // cents, rate %, expected cents
    [4500, 8.25, 371], // 371.25
    [4000, 8.25, 330],
    [1010, 8.25, 83], // 83.325
    [100, 0.5, 1], // 0.5: half up
    [99, 0.5, 0], // 0.495
    [3030, 8.25, 250], // 249.975
    [3500, 6.875, 241], // 240.625
    [3636, 6.875, 250], // 249.975
    [4000, 6.875, 275],
    [1, 50, 1], // 0.5: half up
    [3, 50, 2], // 1.5: half up
    [6, 8.25, 0], // 0.495
    [10_000, 0, 0],
    [10_000, 100, 10_000],
    [9_999_999_999, 8.25, 825_000_000], // 824,999,999.92 rounds up; exact even past 2^53 in the product
    [12_345, 7.1234, 879], // 879.38373
  ])('%s cents at %s%% is %s cents', (cents, rate, expected) => {
    expect(percentOfCents(cents, rate)).toBe(expected);
  });

  it('rounds a negative amount away from zero, as a refund mirrors a charge', () => {
    expect(percentOfCents(-100, 0.5)).toBe(-1);
  });
});

describe('hasDecimalsAtMost', () => {
  it.each([
    [40, 2, true],
    [40.5, 2, true],
    [40.55, 2, true],
    [40.555, 2, false],
    [0.1, 2, true],
    [99_999_999.99, 2, true],
    [6.875, 3, true],
    [6.8755, 3, false],
    [Number.NaN, 2, false],
  ])('%s has at most %s decimals: %s', (value, decimals, expected) => {
    expect(hasDecimalsAtMost(value, decimals)).toBe(expected);
  });
});
