import { describe, expect, it } from 'vitest';
import { isSameRecordValue, recordValueSchema } from './record-save';

describe('isSameRecordValue', () => {
  it.each<[unknown, unknown, boolean]>([
    ['Tuesday', 'Tuesday', true],
    ['Dallas', 'dallas', false],
    [35, 35, true],
    [35, '35', false],
    [null, null, true],
    [null, '', false],
    [['Front', 'Back'], ['Front', 'Back'], true],
    [['Front', 'Back'], ['Back', 'Front'], false],
    [['Front'], ['Front', 'Back'], false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(isSameRecordValue(a, b)).toBe(same);
  });
});

describe('recordValueSchema', () => {
  it('takes every kind of value the record shows, and nothing else', () => {
    for (const value of [null, true, 0, -96.8, 'Medium', '', ['Front', 'BagGrass'], [1, 3]]) {
      expect(recordValueSchema.safeParse(value).success).toBe(true);
    }
    for (const value of [{}, [1, 'Front'], [Number.NaN], undefined, Number.NaN]) {
      expect(recordValueSchema.safeParse(value).success).toBe(false);
    }
  });
});
