import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The rate limit of an anonymous route, counted per client address (@fastify/rate-limit's route config): `max`
 * requests per `per` window, then 429 with `message` (the generic one by default) until the window ends.
 */
export function perAddressLimit(max: number, per: 'minute' | 'hour', message?: string) {
  return {
    max,
    timeWindow: per === 'minute' ? MINUTE_MS : HOUR_MS,
    errorResponseBuilder: () => tooManyRequests(message),
  };
}

/** The hook `app.rateLimit(perAddressLimit(...))` makes: routes sharing one such hook share its budget. */
export type AddressLimitHook = ReturnType<FastifyInstance['rateLimit']>;
