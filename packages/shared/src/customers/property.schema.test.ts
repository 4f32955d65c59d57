import { describe, expect, it } from 'vitest';
import { customerPatchSchema } from './customer.schema';
import { normalizeLotReview, TURF_SIZE_MAX } from './property.schema';

describe('normalizeLotReview', () => {
  it.each<[string | null, string | null]>([
    ['ab1', 'AB1'],
    ['  ok ', 'OK'],
    ['', null],
    ['   ', null],
    [null, null],
  ])('%j is stored as %j', (review, stored) => {
    expect(normalizeLotReview(review)).toBe(stored);
  });
});

describe('the Property information fields of a customer patch', () => {
  it('accept what the tab sends at the edges of each rule', () => {
    const valid = [
      { lotSize: 'Small' },
      { turfSize: 1 },
      { turfSize: TURF_SIZE_MAX },
      { turfSize: null },
      { lotReview: 'abcde' },
      { lotReview: null },
      { communityCode: '#1234', gateCode: '' },
      { lat: 0, lng: -0.0001 },
      { lat: null, lng: null },
      { useCornerLot: true, mowCut: ['Front', 'DuplexRight'] },
    ];
    for (const patch of valid) expect(customerPatchSchema.safeParse(patch).success, JSON.stringify(patch)).toBe(true);
  });
});
