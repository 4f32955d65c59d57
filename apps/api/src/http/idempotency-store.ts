import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** Whose key it is and for which route: the same key string from two callers or on two routes are two keys. */
export type IdempotencyScope = { owner: string; route: string; key: string };

export type StoredAnswer = { status: number; contentType: string | null; body: string };

export type ClaimOutcome =
  /** The key is new (or expired, or released by a dead process): this request runs; its answer is stored under `id`. */
  | { kind: 'claimed'; id: number }
  /** The key's first request finished: answer what it answered. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used with another request (method, URL or body). */
  | { kind: 'mismatch' }
  /** The key's first request is still running (its process renews the key's lease). */
  | { kind: 'in_progress' };

export type ClaimTimings = {
  /** How long a key and its stored answer are kept. */
  ttlSeconds: number;
  /**
   * How long an unfinished first request holds its key after its last heartbeat: after that its process is dead
   * (crashed, killed, its machine gone) and a retry runs the request again.
   */
  leaseSeconds: number;
};

/** Expired rows deleted per new key: keeps the table small without a separate cleanup job. */
const PURGE_BATCH = 100;

/**
 * Takes the key for this request, or says why not. The unique index decides between concurrent requests: only one
 * insert succeeds, the other sees the row. Every time comes from the database's clock, so several app instances agree.
 */
export async function claimIdempotencyKey(
  db: Executor,
  scope: IdempotencyScope,
  requestHash: string,
  timings: ClaimTimings,
): Promise<ClaimOutcome> {
  const expiresAt = sql`now() + make_interval(secs => ${timings.ttlSeconds})`;
  // Two rounds at most: the second follows the deletion of an expired row that was in the way.
  for (let round = 0; round < 2; round += 1) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash, expiresAt })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) {
      await purgeExpired(db);
      return { kind: 'claimed', id: inserted.id };
    }

    const [row] = await db
      .select({
        id: idempotencyKeys.id,
        requestHash: idempotencyKeys.requestHash,
        state: idempotencyKeys.state,
        responseStatus: idempotencyKeys.responseStatus,
        responseType: idempotencyKeys.responseType,
        responseBody: idempotencyKeys.responseBody,
        isExpired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
        isAbandoned: leaseExpired(timings.leaseSeconds),
      })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.owner, scope.owner),
          eq(idempotencyKeys.route, scope.route),
          eq(idempotencyKeys.key, scope.key),
        ),
      );
    if (!row) continue;
    if (row.isExpired) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, row.id), sql`${idempotencyKeys.expiresAt} <= now()`));
      continue;
    }
    if (row.requestHash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'completed' && row.responseStatus !== null && row.responseBody !== null) {
      return {
        kind: 'replay',
        answer: { status: row.responseStatus, contentType: row.responseType, body: row.responseBody },
      };
    }
    if (!row.isAbandoned) return { kind: 'in_progress' };
    // Taking a dead process's key over restarts its clocks; the condition lets only one of several retries win.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()`, heartbeatAt: sql`now()`, expiresAt })
      .where(
        and(
          eq(idempotencyKeys.id, row.id),
          eq(idempotencyKeys.state, 'in_progress'),
          leaseExpired(timings.leaseSeconds),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    return taken ? { kind: 'claimed', id: taken.id } : { kind: 'in_progress' };
  }
  // The row kept changing under us (expired and re-taken by another request in between): that request is running.
  return { kind: 'in_progress' };
}

/** Whether the key's first request stopped renewing its lease `leaseSeconds` ago or more (database time). */
const leaseExpired = (leaseSeconds: number) =>
  sql<boolean>`${idempotencyKeys.heartbeatAt} <= now() - make_interval(secs => ${leaseSeconds})`;

/** The running first request's heartbeat: its key stays held while its process lives. */
export async function renewIdempotencyKey(db: Executor, id: number): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ heartbeatAt: sql`now()` })
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'in_progress')));
}

/** Stores the first request's answer, for the retries. */
export async function completeIdempotencyKey(db: Executor, id: number, answer: StoredAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: answer.status,
      responseType: answer.contentType,
      responseBody: answer.body,
    })
    .where(eq(idempotencyKeys.id, id));
}

/** Frees the key after a failure that is not an answer (a server error), so a retry runs the request again. */
export async function releaseIdempotencyKey(db: Executor, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

async function purgeExpired(db: Executor): Promise<void> {
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .limit(PURGE_BATCH);
  await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
}
