import { describe, expect, it } from 'vitest';
import type { Frequency } from '../customers/customer.constants';
import type { MowCut } from '../customers/customer.constants';
import { allowedMowCut, bagGrassProblem, canBagGrass, type BagGrassRules } from './bag-grass';

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
    ['Large', 3, 'record', false],
    ['Small', 3, 'quote', true],
  ])('%s at frequency %s on the %s screen: %s', (lot, frequency, rules, expected) => {
    expect(canBagGrass(lot, frequency, rules)).toBe(expected);
  });
});

describe('bagGrassProblem', () => {
  it('names the frequency, else the lot, that keeps Bag grass off', () => {
    expect(bagGrassProblem('Small', 3, 'record')).toBe('Bag grass cannot be chosen on the 3-Weekly frequency');
    expect(bagGrassProblem('Jumbo', 4)).toBe('Bag grass cannot be chosen on the Drought Schedule frequency');
    expect(bagGrassProblem('Xtra large', 1, 'record')).toBe('Bag grass cannot be chosen for this lot size');
    expect(bagGrassProblem('Xtra large', 1, 'quote')).toBeUndefined();
  });
});

describe('allowedMowCut', () => {
  it.each<[MowCut[], string | null, Frequency, MowCut[]]>([
    [['Front', 'Back', 'BagGrass'], 'Small', 1, ['Front', 'Back', 'BagGrass']],
    [['Front', 'BagGrass', 'DuplexLeft'], 'Medium', 4, ['Front', 'DuplexLeft']],
    [['Front', 'Back', 'BagGrass'], 'Jumbo', 2, ['Front', 'Back']],
    [['Back', 'BagGrass'], 'Xtra large', 1, ['Back']],
    [['BagGrass'], 'Enormous', 1, ['Front', 'Back']],
    [['BagGrass'], null, 1, ['BagGrass']],
    [['DuplexRight'], 'Very large', 3, ['DuplexRight']],
    [['Front', 'Back', 'BagGrass'], 'Small', 3, ['Front', 'Back']],
  ])('%j on a %s lot at frequency %s on the record: %j', (mowCut, lot, frequency, expected) => {
    expect(allowedMowCut(mowCut, lot, frequency, 'record')).toEqual(expected);
  });
});
