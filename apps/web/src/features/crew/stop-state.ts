import type { CrewStop, VisitState } from '@lawn/shared';
import type { QueuedVisit } from './visit-queue';

/** A stop as the crew sees it: the server's state, moved on by the actions still waiting to be sent. */
export function shownState(stop: CrewStop, waiting: readonly QueuedVisit[]): { state: VisitState; isWaiting: boolean } {
  const mine = waiting.filter((visit) => visit.propertyId === stop.propertyId);
  const isWaiting = mine.length > 0;
  if (stop.state === 'checked-out' || mine.some((visit) => visit.action === 'check-out')) {
    return { state: 'checked-out', isWaiting };
  }
  if (stop.state === 'checked-in' || mine.some((visit) => visit.action === 'check-in')) {
    return { state: 'checked-in', isWaiting };
  }
  return { state: 'pending', isWaiting };
}

/** A link that opens the phone's maps app on the stop's address. */
export function mapsUrl(stop: Pick<CrewStop, 'serviceAddress' | 'city' | 'zipcode'>): string {
  const query = `${stop.serviceAddress}, ${stop.city} ${stop.zipcode}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
