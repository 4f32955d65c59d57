import { describe, expect, it } from 'vitest';
import type { Frequency } from '../customers/customer.constants';
import { canBagGrass, type BagGrassRules } from './bag-grass';

describe('canBagGrass', () => {
  it.each<[string, Frequency, BagGrassRules, boolean]>([
    ['Small', 1, 'quote', true],
    ['Medium', 2, 'quote', true],
    ['Large', 3, 'quote', true],
    ['Xtra large', 1, 'quote', true],
    ['Xtra large', 1, 'record', false],
    ['Very large', 1, 'quote', false],
    ['jumbo', 2, 'quote', false],
    ['Enormous ', 3, 'quote', false],
    ['Small', 4, 'quote', false],
    ['Medium', 4, 'record', false],
    ['Large', 2, 'record', true],
  ])('%s at frequency %s on the %s screen: %s', (lot, frequency, rules, expected) => {
    expect(canBagGrass(lot, frequency, rules)).toBe(expected);
  });
});
