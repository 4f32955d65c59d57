import { describe, expect, it } from 'vitest';
import { matchingStops, nextSelection } from './selection';

describe('nextSelection', () => {
  it('toggles a stop in and out with multi-select on', () => {
    expect([...nextSelection(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...nextSelection(new Set([1, 2]), 1, true)]).toEqual([2]);
  });

  it('replaces the selection with multi-select off', () => {
    expect([...nextSelection(new Set([1, 2]), 3, false)]).toEqual([3]);
    expect([...nextSelection(new Set([3]), 3, false)]).toEqual([]);
  });
});

describe('matchingStops', () => {
  const stops = [
    { serviceAddress: '10 Elm Street', city: 'Dallas', zipcode: '75201' },
    { serviceAddress: '5 Oak Avenue', city: 'Austin', zipcode: '73301' },
  ];
  it('finds by address, city or zip, in any case', () => {
    expect(matchingStops(stops, ' elm ')).toEqual([stops[0]]);
    expect(matchingStops(stops, 'AUSTIN')).toEqual([stops[1]]);
    expect(matchingStops(stops, '7520')).toEqual([stops[0]]);
    expect(matchingStops(stops, '')).toEqual(stops);
  });
});
