/**
 * What the payment screens carry in the navigation state ("id in state"): the property whose payment list
 * or form is open. The list shows every property of that property's customer.
 */
export type PaymentLocationState = { id: number };

export function readPaymentState(state: unknown): PaymentLocationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>).id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? { id } : null;
}
