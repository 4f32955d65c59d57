import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAY_HEADER,
} from '@lawn/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { LEASE_SECONDS, startHeartbeat } from '../db/heartbeat';
import { conflict, HttpError } from './errors';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  renewIdempotencyKey,
  type ClaimTimings,
  type IdempotencyScope,
} from './idempotency-store';

declare module 'fastify' {
  // Declaration merging needs an interface; this adds the route option.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * A create that a client may retry: with an `Idempotency-Key` header, a retry with the same key and request
     * answers the first answer and creates nothing.
     */
    idempotent?: boolean;
  }
}

export type IdempotencyOptions = {
  db: Database;
  timings?: Partial<ClaimTimings>;
};

/** A day covers every sensible retry; a client retrying later is making a new request. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * No create takes minutes: a first request still running after this stops renewing its key, so even a request that
 * hangs in a live process frees its key one lease later.
 */
const MAX_HOLD_SECONDS = 5 * 60;

const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** The key, checked and documented like any other input (a bad key is a 400 with the one error shape). */
const idempotencyHeaderSchema = {
  [HEADER]: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES.invalidKey)
    .optional()
    .describe('A fresh random key (a UUID) per intended create; a retry with the same key answers the first answer'),
};

/** The same key with another request: 422, the request itself is well formed but contradicts the key's first use. */
const keyReused = () => new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused);

/** Object keys sorted at every level, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, canonical(body ?? null)]))
    .digest('hex');
}

/** Keys are per caller: a user, the property of an external token, or anonymous clients (whose keys must be random). */
function ownerOf(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  if (request.external) return `property:${request.external.propertyId}`;
  return 'anonymous';
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  if (value === undefined) return undefined;
  // A repeated header, or one the schema did not see, is as bad as a malformed one.
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey, { [HEADER]: [IDEMPOTENCY_MESSAGES.invalidKey] });
  }
  return value;
}

function addHeadersSchema(existing: unknown): z.ZodType {
  if (existing === undefined) return z.looseObject(idempotencyHeaderSchema);
  if (existing instanceof z.ZodObject) return existing.extend(idempotencyHeaderSchema);
  throw new Error('an idempotent route with a headers schema must declare it with zod');
}

/**
 * Registers the Idempotency-Key handling on the root instance: every route declaring `config: { idempotent: true }`
 * gets the header in its schema, a preHandler that claims the key (after authentication and validation, so the
 * caller is known and invalid requests store nothing) and an onSend hook that stores the answer. Without the header
 * a route behaves as before. Register it before any route.
 */
export function registerIdempotency(app: FastifyInstance, options: IdempotencyOptions): void {
  const { db } = options;
  const timings: ClaimTimings = {
    ttlSeconds: options.timings?.ttlSeconds ?? IDEMPOTENCY_TTL_SECONDS,
    leaseSeconds: options.timings?.leaseSeconds ?? LEASE_SECONDS,
  };
  /** The stored row of each request that claimed a key, and the heartbeat holding it, until its answer is stored. */
  const claimed = new WeakMap<FastifyRequest, { id: number; stopHeartbeat: () => void }>();

  /** Stops holding the request's key (its answer is stored, or the request ended without one) and says which row. */
  const letGo = (request: FastifyRequest): number | undefined => {
    const claim = claimed.get(request);
    if (!claim) return undefined;
    claimed.delete(request);
    claim.stopHeartbeat();
    return claim.id;
  };

  const claimKey: preHandlerAsyncHookHandler = async function claimIdempotencyKeyHook(
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const key = keyOf(request);
    if (key === undefined) return;
    const scope: IdempotencyScope = {
      owner: ownerOf(request),
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      key,
    };
    const outcome = await claimIdempotencyKey(
      db,
      scope,
      requestHash(request.method, request.url, request.body),
      timings,
    );
    switch (outcome.kind) {
      case 'claimed': {
        // The key is held while this request runs: should its process die, the beats stop and a retry may run.
        const { id } = outcome;
        const stopHeartbeat = startHeartbeat(() => renewIdempotencyKey(db, id), {
          maxSeconds: MAX_HOLD_SECONDS,
          onError: (error) => request.log.warn({ err: error }, 'idempotency key not renewed'),
        });
        claimed.set(request, { id, stopHeartbeat });
        return;
      }
      case 'mismatch':
        throw keyReused();
      case 'in_progress':
        throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
      case 'replay': {
        const { answer } = outcome;
        if (answer.contentType) void reply.header('content-type', answer.contentType);
        await reply.status(answer.status).header(IDEMPOTENT_REPLAY_HEADER.toLowerCase(), 'true').send(answer.body);
        return reply;
      }
    }
  };

  const storeAnswer: onSendAsyncHookHandler = async function storeIdempotentAnswer(request, reply, payload) {
    const id = letGo(request);
    if (id === undefined) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      // A server error is no answer to keep (a retry should run again); neither is a stream, which cannot be replayed.
      if (reply.statusCode >= 500 || body === null) {
        await releaseIdempotencyKey(db, id);
      } else {
        const contentType = reply.getHeader('content-type');
        await completeIdempotencyKey(db, id, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body,
        });
      }
    } catch (error) {
      // The answer itself is right; only its record failed. The key stays in progress until its lease runs out.
      request.log.error({ err: error }, 'idempotency key not stored');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent !== true) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
    route.schema = { ...route.schema, headers: addHeadersSchema(route.schema?.headers) };
    route.preHandler = [...asList(route.preHandler), claimKey];
    route.onSend = [storeAnswer, ...asList(route.onSend)];
    // A backstop: however the response ended, its request no longer holds the key. (Not when the client goes away:
    // the handler still runs then, and its key must stay held until it answers.)
    route.onResponse = [...asList(route.onResponse), async (request) => void letGo(request)];
  });
}
