import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';

/** A stored key is either still running its first request or holds that request's answer. */
export const IDEMPOTENCY_STATES = ['in_progress', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/**
 * The answers of retry-safe creates, by the client's Idempotency-Key. A key belongs to one caller (a user, an external
 * token's property, or anonymous clients) and one route; the first request with it stores its answer, and a retry
 * with the same key and the same request gets that answer again instead of creating a second record. The unique
 * index makes two concurrent requests with one key run once: the second finds the row `in_progress`, held by the
 * first request's heartbeat; a row whose heartbeat stopped (its process died) is taken over by the next retry.
 * `requestHash` is the SHA-256 of the method, URL and body, so the same key with another request is refused.
 * Rows expire after a day; an expired row counts as absent and is deleted when met.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    owner: varchar('owner', { length: 64 }).notNull(),
    route: varchar('route', { length: 255 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    state: text('state', { enum: IDEMPOTENCY_STATES }).notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseType: varchar('response_type', { length: 255 }),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The lease of the request running the key's first request: renewed every few seconds while it runs (database
     * time). A key still in progress whose heartbeat is older than the lease lost its process: a retry may run.
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_owner_route_key_idx').on(table.owner, table.route, table.key),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
    check('idempotency_keys_state_check', sql`${table.state} in (${sqlList(IDEMPOTENCY_STATES)})`),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
