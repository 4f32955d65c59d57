import { describe, expect, it } from 'vitest';
import { distanceKm, orderRoute, tourLengthKm, type GeoPoint } from './route-order';

const depot: GeoPoint = { lat: 31, lng: -99 };
/** Stops on a line east of the depot, ~9.5 km apart, listed out of order. */
const east = (step: number) => ({ lat: 31, lng: -99 + step / 10, step });

/** A repeatable pseudo-random stream (a linear congruential generator), so the test's cases never change. */
function randomPoints(count: number, seed: number): GeoPoint[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => ({ lat: 31 + next() * 0.4, lng: -99.4 + next() * 0.4 }));
}

describe('distanceKm', () => {
  it('measures a degree of latitude as about 111 km, and a point to itself as 0', () => {
    expect(distanceKm({ lat: 31, lng: -99 }, { lat: 32, lng: -99 })).toBeCloseTo(111.19, 1);
    expect(distanceKm(depot, depot)).toBe(0);
  });
});

describe('orderRoute', () => {
  it('drives stops on a line out and back in order', () => {
    const stops = [east(3), east(1), east(4), east(2)];
    const ordered = orderRoute(depot, stops).map((stop) => stop.step);
    expect([
      [1, 2, 3, 4],
      [4, 3, 2, 1],
    ]).toContainEqual(ordered);
    // Out along the line and straight back: twice the farthest stop (a parallel is not a great circle, so nearly).
    expect(tourLengthKm(depot, orderRoute(depot, stops)) / (2 * distanceKm(depot, east(4)))).toBeCloseTo(1, 3);
  });

  it('answers no stop and one stop as they are', () => {
    expect(orderRoute(depot, [])).toEqual([]);
    expect(orderRoute(depot, [east(1)])).toEqual([east(1)]);
  });

  it('keeps every stop once', () => {
    const stops = randomPoints(60, 7);
    const ordered = orderRoute(depot, stops);
    expect(ordered).toHaveLength(60);
    expect(new Set(ordered)).toEqual(new Set(stops));
  });

  it.each([1, 2, 3, 4, 5])('is never longer than the order given (seed %i)', (seed) => {
    const stops = randomPoints(40, seed);
    expect(tourLengthKm(depot, orderRoute(depot, stops))).toBeLessThanOrEqual(tourLengthKm(depot, stops));
  });

  it('keeps an order that is already the shortest', () => {
    const stops = [east(1), east(2), east(3)];
    expect(orderRoute(depot, stops)).toEqual(stops);
  });
});
