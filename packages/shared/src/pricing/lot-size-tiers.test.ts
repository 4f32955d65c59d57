import { describe, expect, it } from 'vitest';
import {
  largestLotSize,
  largestTurfSize,
  LOT_SIZE_TIERS,
  serviceFrequencyOf,
  tierForLotSize,
  tierForTurfSize,
  tierOfOption,
} from './lot-size-tiers';

describe('tierForLotSize', () => {
  it.each([
    [1, 'Small'],
    [6000, 'Small'],
    [6001, 'Medium'],
    [9000, 'Medium'],
    [16000, 'Xtra large'],
    [16001, 'Very large'],
    [39_999, 'Enormous'],
    [40_000, 'Enormous'],
  ])('a lot of %s sq ft is %s', (lotSize, name) => {
    expect(tierForLotSize(lotSize, LOT_SIZE_TIERS)?.name).toBe(name);
  });

  it('finds nothing beyond the largest tier', () => {
    expect(tierForLotSize(40_001, LOT_SIZE_TIERS)).toBeUndefined();
    expect(largestLotSize(LOT_SIZE_TIERS)).toBe(40_000);
  });

  it('reads the tiers in lot-size order, whatever order they come in', () => {
    expect(tierForLotSize(7000, [...LOT_SIZE_TIERS].reverse())?.name).toBe('Medium');
  });
});

describe('tierForTurfSize', () => {
  it.each([
    [0, 'Small'],
    [2999, 'Small'],
    [3000, 'Medium'],
    [11_999, 'Xtra large'],
    [12_000, 'Very large'],
    [30_000, 'Enormous'],
  ])('%s sq ft of turf is %s', (turfSize, name) => {
    expect(tierForTurfSize(turfSize, LOT_SIZE_TIERS)?.name).toBe(name);
  });

  it('finds nothing beyond the largest tier', () => {
    expect(tierForTurfSize(30_001, LOT_SIZE_TIERS)).toBeUndefined();
    expect(largestTurfSize(LOT_SIZE_TIERS)).toBe(30_000);
  });
});

describe('the wire shape of a tier', () => {
  it('keys the prices f1 to f4 and back', () => {
    const small = LOT_SIZE_TIERS[0];
    if (!small) throw new Error('no tier');
    const serviceFrequency = serviceFrequencyOf(small.prices);
    expect(serviceFrequency).toEqual({ f1: 30, f2: 35, f3: 40, f4: 35 });
    expect(tierOfOption({ ...small, id: 9, serviceFrequency })).toEqual(small);
  });
});
