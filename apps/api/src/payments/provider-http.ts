import { PAYMENT_MESSAGES } from '@lawn/shared';
import type { z } from 'zod';
import { GatewayUnavailableError } from './gateway';

/** Where a payment provider is reached and how long a call may take. */
export type ProviderHttpOptions = {
  baseUrl: string;
  /** Per call; a provider slower than this counts as unavailable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** A request to the provider, answered with its HTTP status and its parsed body (null when it is not JSON). */
export type ProviderSend = (path: string, init: RequestInit) => Promise<{ status: number; json: unknown }>;

/**
 * Sends requests to a payment provider. Not reaching it, a timeout or a 5xx is "unavailable": nothing is assumed
 * done, so a charge may be sent again under the same Idempotency-Key.
 */
export function providerSender(options: ProviderHttpOptions): ProviderSend {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  return async (path, init) => {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // The cause names the host and the network error only; the request body is never part of it.
      throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable, { cause: error });
    }
    if (response.status >= 500) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, json };
  };
}

/** The provider's answer in the expected shape, or "unavailable": a provider answering nonsense is not working. */
export function readProviderAnswer<T>(schema: z.ZodType<T>, json: unknown): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new GatewayUnavailableError(PAYMENT_MESSAGES.gatewayUnavailable);
  return parsed.data;
}
