import { APP_PATHS } from '@lawn/shared';

/**
 * The record screen's query parameter that names the customer record (the property id). A link that carries it opens
 * that record whatever the list it came from looks like now, so a bookmarked or shared link always opens the same
 * customer; `record` (the position in the list) only drives the navigator.
 */
export const RECORD_ID_PARAM = 'id';

/** The link to one customer record outside any list (a notification, another location): no navigator. */
export function recordPath(id: number): string {
  return `${APP_PATHS.editCustomer}?${RECORD_ID_PARAM}=${id}`;
}

/**
 * What a link to a customer record may carry in its route state: whether it was opened as a new order
 * from the pending-approval list, so the navigator's steps stay new orders. The record screen reads it back with
 * `readRecordRouteState`.
 */
export type RecordRouteState = { isNewOrder?: boolean };

export function readRecordRouteState(state: unknown): RecordRouteState {
  if (typeof state !== 'object' || state === null) return {};
  return (state as Record<string, unknown>).isNewOrder === true ? { isNewOrder: true } : {};
}
