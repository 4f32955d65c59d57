import { parseStreetAddress, propertyAnswerLines, type CrewStop, type PropertyAnswerValues } from '@lawn/shared';
import type { StopRow } from './crew.repo';

/** The answers a crew must heed, in words: 'Pets in the backyard', 'Mow around the pets: Knock first'. */
export function hazardsOf(answers: PropertyAnswerValues | null): string[] {
  if (!answers) return [];
  return propertyAnswerLines(answers)
    .filter((line) => line.value !== 'No')
    .map((line) => (line.value === 'Yes' ? line.label : `${line.label}: ${line.value}`));
}

export function toStop(row: StopRow): CrewStop {
  return {
    propertyId: row.propertyId,
    serviceAddress: row.serviceAddress,
    city: row.city,
    zipcode: row.zipcode,
    gateCode: row.gateCode,
    communityCode: row.communityCode,
    hazards: hazardsOf(row.answers),
    specialRequests: row.specialRequests,
    state: row.checkedOutAt ? 'checked-out' : row.checkedInAt ? 'checked-in' : 'pending',
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** What the route order reads of a stop: its saved position in the crew's route of the day, if any, and its address. */
type RoutedStop = { propertyId: number; serviceAddress: string; routePosition: number | null };

/**
 * The route order of a day's stops: the route the office ordered for the crew's day first, by its positions (ADR 0047);
 * then, for a day never ordered or a stop added after, by street name and house number, so the crew works a street from
 * one end to the other.
 */
export function inRouteOrder<T extends RoutedStop>(stops: readonly T[]): T[] {
  const keyed = stops.map((stop) => ({ stop, address: parseStreetAddress(stop.serviceAddress) }));
  keyed.sort(
    (first, second) =>
      (first.stop.routePosition ?? Infinity) - (second.stop.routePosition ?? Infinity) ||
      collator.compare(first.address.street, second.address.street) ||
      collator.compare(first.address.houseNumber ?? '', second.address.houseNumber ?? '') ||
      first.stop.propertyId - second.stop.propertyId,
  );
  return keyed.map(({ stop }) => stop);
}
