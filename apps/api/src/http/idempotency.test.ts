import { IDEMPOTENCY_MESSAGES } from '@lawn/shared';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idempotencyKeys } from '../db/schema';
import { useTestContext } from '../test/test-app';
import { requestHash } from './idempotency';

/** Runs of the probe route, by the value sent; `gate` holds a run until the test opens it. */
const runs = new Map<number, number>();
let gate: Promise<void> | null = null;

const t = useTestContext({
  // A probe route beside the real ones, so every branch of the plugin can be driven on purpose.
  beforeReady: (app) => {
    app.post('/api/idempotency-probe', {
      config: { access: 'public', idempotent: true },
      schema: { body: z.object({ value: z.number().int(), fail: z.boolean().optional() }) },
      handler: async (request, reply) => {
        const { value, fail } = request.body;
        runs.set(value, (runs.get(value) ?? 0) + 1);
        if (gate) await gate;
        if (fail) throw new Error('probe failure');
        if (value < 0) return reply.status(404).send({ message: 'No such value' });
        return reply.status(201).send({ value, run: runs.get(value) });
      },
    });
  },
});

const probe = (key: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/idempotency-probe',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: body,
  });

describe('the Idempotency-Key plugin', () => {
  it('stores a 4xx answer too: the retry gets the same answer without running again', async () => {
    expect((await probe('probe-404', { value: -1 })).statusCode).toBe(404);
    const replay = await probe('probe-404', { value: -1 });
    expect(replay.statusCode).toBe(404);
    expect(replay.json()).toEqual({ message: 'No such value' });
    expect(runs.get(-1)).toBe(1);
  });

  it('frees the key after a server error, so a retry runs again', async () => {
    expect((await probe('probe-500', { value: 500, fail: true })).statusCode).toBe(500);
    expect((await probe('probe-500', { value: 500, fail: true })).statusCode).toBe(500);
    expect(runs.get(500)).toBe(2);
    const [row] = await t.db
      .select({ total: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'probe-500'));
    expect(row?.total).toBe(0);
  });

  it('answers 409 while the first request runs, then the first answer', async () => {
    let open = () => undefined as void;
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = probe('probe-slow', { value: 7 });
    // Wait until the first request holds the key.
    for (let tries = 0; runs.get(7) === undefined && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const meanwhile = await probe('probe-slow', { value: 7 });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.inProgress });
    gate = null;
    open();
    expect((await first).statusCode).toBe(201);
    const replay = await probe('probe-slow', { value: 7 });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual({ value: 7, run: 1 });
    expect(runs.get(7)).toBe(1);
  });

  it('treats an expired key as new', async () => {
    expect((await probe('probe-expiry', { value: 8 })).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'probe-expiry'));
    const again = await probe('probe-expiry', { value: 8 });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.get(8)).toBe(2);
  });

  it('lets a retry take over a key whose first request died with its process', async () => {
    await t.db.insert(idempotencyKeys).values({
      owner: 'anonymous',
      route: 'POST /api/idempotency-probe',
      key: 'probe-abandoned',
      requestHash: requestHash('POST', '/api/idempotency-probe', { value: 9 }),
      createdAt: new Date(Date.now() - 60 * 60 * 1000),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const retry = await probe('probe-abandoned', { value: 9 });
    expect(retry.statusCode).toBe(201);
    expect(runs.get(9)).toBe(1);
  });

  it('deletes expired keys as new ones arrive', async () => {
    await t.db.insert(idempotencyKeys).values({
      owner: 'anonymous',
      route: 'POST /api/idempotency-probe',
      key: 'long-gone',
      requestHash: 'x',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await probe('probe-purge', { value: 10 })).statusCode).toBe(201);
    const [row] = await t.db
      .select({ total: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'long-gone'));
    expect(row?.total).toBe(0);
  });

  it('hashes the same request the same way whatever the order of its fields', () => {
    expect(requestHash('POST', '/a', { b: 1, a: { d: [1, 2], c: 'x' } })).toBe(
      requestHash('POST', '/a', { a: { c: 'x', d: [1, 2] }, b: 1 }),
    );
    expect(requestHash('POST', '/a', { a: 1 })).not.toBe(requestHash('POST', '/b', { a: 1 }));
    expect(requestHash('POST', '/a', { a: 1 })).not.toBe(requestHash('POST', '/a', { a: 2 }));
  });
});
