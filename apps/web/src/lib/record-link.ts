/**
 * What a link to a customer record carries in its route state (spec 2 §2.1): the record's id, so it opens at once,
 * and whether it was opened as a new order from the pending-approval list. Any screen may link to a record (a
 * notification, a location, a list); the record screen reads it back with `readRecordRouteState`.
 */
export type RecordRouteState = { id?: number; isNewOrder?: boolean };

export function readRecordRouteState(state: unknown): RecordRouteState {
  if (typeof state !== 'object' || state === null) return {};
  const { id, isNewOrder } = state as Record<string, unknown>;
  return {
    ...(typeof id === 'number' && Number.isInteger(id) && id > 0 ? { id } : {}),
    ...(isNewOrder === true ? { isNewOrder } : {}),
  };
}
