/** A point on the map in degrees. */
export type GeoPoint = { lat: number; lng: number };

const EARTH_RADIUS_KM = 6371;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in km between two points (haversine): close enough to the drive for ordering stops. */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The length in km of a round trip from `depot` through `stops` in their order and back to `depot`. */
export function tourLengthKm(depot: GeoPoint, stops: readonly GeoPoint[]): number {
  let total = 0;
  let previous = depot;
  for (const stop of stops) {
    total += distanceKm(previous, stop);
    previous = stop;
  }
  return total + distanceKm(previous, depot);
}

function pointAt(points: readonly GeoPoint[], index: number): GeoPoint {
  const point = points[index];
  if (!point) throw new RangeError(`no point ${index}`);
  return point;
}

/** Indexes of the stops from the depot, always driving to the nearest stop not visited yet. */
function nearestNeighbour(points: readonly GeoPoint[], depot: GeoPoint): number[] {
  const left = new Set(points.keys());
  const order: number[] = [];
  let here = depot;
  while (left.size > 0) {
    let best = -1;
    let bestDistance = Infinity;
    for (const index of left) {
      const distance = distanceKm(here, pointAt(points, index));
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    }
    left.delete(best);
    order.push(best);
    here = pointAt(points, best);
  }
  return order;
}

/** Shortens the tour by reversing any stretch whose two end edges cross (2-opt) until no reversal helps. */
function twoOpt(tour: GeoPoint[]): GeoPoint[] {
  // The tour starts and ends at the depot (first and last): only the stops between are reversed.
  const route = [...tour];
  const last = route.length - 1;
  let isImproved = true;
  while (isImproved) {
    isImproved = false;
    for (let i = 1; i < last - 1; i += 1) {
      for (let j = i + 1; j < last; j += 1) {
        const [a, b, c, d] = [pointAt(route, i - 1), pointAt(route, i), pointAt(route, j), pointAt(route, j + 1)];
        const gain = distanceKm(a, b) + distanceKm(c, d) - distanceKm(a, c) - distanceKm(b, d);
        // A gain below a millimetre is rounding, not a shorter drive: stopping there keeps the loop finite.
        if (gain > 1e-6) {
          route.splice(i, j - i + 1, ...route.slice(i, j + 1).reverse());
          isImproved = true;
        }
      }
    }
  }
  return route;
}

/**
 * A short round trip through `stops` from `depot` and back: nearest neighbour, then improved by 2-opt. Never longer
 * than the stops in the order given (that order wins a tie). Answers the stops in driving order.
 */
export function orderRoute<T extends GeoPoint>(depot: GeoPoint, stops: readonly T[]): T[] {
  if (stops.length < 2) return [...stops];
  const start = nearestNeighbour(stops, depot).map((index) => stops[index] as T);
  const tour = twoOpt([depot, ...start, depot]).slice(1, -1) as T[];
  return tourLengthKm(depot, tour) < tourLengthKm(depot, stops) ? tour : [...stops];
}
