/**
 * What the pending-approval list is told when it is reached after a decision: approved true shows
 * 'Great!'; approved false shows the rejected note of `customerId`; `message` is a success alert.
 */
export type NewOrdersLocationState = { approved?: boolean; customerId?: number; message?: string };

export function readNewOrdersState(state: unknown): NewOrdersLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { approved, customerId, message } = state as Record<string, unknown>;
  return {
    ...(typeof approved === 'boolean' ? { approved } : {}),
    ...(typeof customerId === 'number' && Number.isInteger(customerId) ? { customerId } : {}),
    ...(typeof message === 'string' && message !== '' ? { message } : {}),
  };
}
