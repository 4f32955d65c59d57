import { IDEMPOTENCY_MESSAGES, type Report } from '@lawn/shared';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HEARTBEAT_SECONDS, LEASE_SECONDS } from '../db/heartbeat';
import { idempotencyKeys, reports } from '../db/schema';
import { insertCustomers } from '../test/customer-list-fixtures';
import { useTestContext, type TestUser } from '../test/test-app';
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

let owner: TestUser;
let headers: { authorization: string };
let propertyIds: number[];

beforeAll(async () => {
  owner = await t.createUser({ role: 'Representative' });
  headers = await t.authHeaders(owner);
  propertyIds = await insertCustomers(t.db, [{ firstName: 'Ida', lastName: 'Empotent' }]);
});

const exportRequest = (key: string | undefined, nameDoc: string, as = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports/customers',
    headers: key === undefined ? as : { ...as, 'idempotency-key': key },
    payload: { nameDoc, typeDoc: 'csv', ids: propertyIds },
  });

const probe = (key: string | undefined, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/idempotency-probe',
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: body,
  });

async function reportsNamed(name: string): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(reports).where(eq(reports.name, name));
  return row?.total ?? 0;
}

describe('Idempotency-Key on POST /api/reports/customers', () => {
  it('answers a retry with the first answer and creates one report', async () => {
    const first = await exportRequest('export-1', 'Retried export');
    expect(first.statusCode, first.body).toBe(202);
    const replay = await exportRequest('export-1', 'Retried export');
    expect(replay.statusCode).toBe(202);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.json<{ data: Report }>().data.id).toBe(first.json<{ data: Report }>().data.id);
    expect(await reportsNamed('Retried export')).toBe(1);
  });

  it('refuses the same key with another request and creates nothing', async () => {
    expect((await exportRequest('export-2', 'First body')).statusCode).toBe(202);
    const other = await exportRequest('export-2', 'Second body');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await reportsNamed('Second body')).toBe(0);
  });

  it('keeps keys apart per user: the same key from someone else is their own request', async () => {
    const colleague = await t.createUser({ role: 'Manager' });
    expect((await exportRequest('shared-key', 'Per user')).statusCode).toBe(202);
    const theirs = await exportRequest('shared-key', 'Per user', await t.authHeaders(colleague));
    expect(theirs.statusCode).toBe(202);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await reportsNamed('Per user')).toBe(2);
  });

  it('creates on every request without a key, as before', async () => {
    expect((await exportRequest(undefined, 'No key')).statusCode).toBe(202);
    expect((await exportRequest(undefined, 'No key')).statusCode).toBe(202);
    expect(await reportsNamed('No key')).toBe(2);
  });

  it('runs concurrent duplicates once: the others wait their turn (409) or get the first answer', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => exportRequest('export-race', 'Raced export')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 202 || status === 409),
      statuses.join(),
    ).toBe(true);
    const created = answers.filter((answer) => answer.statusCode === 202);
    expect(new Set(created.map((answer) => answer.json<{ data: Report }>().data.id)).size).toBe(1);
    expect(await reportsNamed('Raced export')).toBe(1);
  });

  it('refuses a malformed key with the one error shape, before creating anything', async () => {
    for (const key of ['x'.repeat(256), 'two words', 'naïve']) {
      const response = await exportRequest(key, 'Bad key');
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { 'idempotency-key': [IDEMPOTENCY_MESSAGES.invalidKey] },
      });
    }
    expect(await reportsNamed('Bad key')).toBe(0);
  });

  it('documents the header on the route', () => {
    const document = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const parameters = document.paths['/api/reports/customers']?.['post']?.parameters ?? [];
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
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

  it('lets a retry run a key whose first request died with its process, once its lease ran out', async () => {
    // A first request that started a moment ago on a process that then died: its heartbeat stopped a lease ago.
    await t.db.insert(idempotencyKeys).values({
      owner: 'anonymous',
      route: 'POST /api/idempotency-probe',
      key: 'probe-abandoned',
      requestHash: requestHash('POST', '/api/idempotency-probe', { value: 9 }),
      createdAt: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})`,
      heartbeatAt: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})`,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const retry = await probe('probe-abandoned', { value: 9 });
    expect(retry.statusCode).toBe(201);
    expect(runs.get(9)).toBe(1);
    // The retry holds the key now: a second retry gets its answer.
    expect((await probe('probe-abandoned', { value: 9 })).json()).toEqual({ value: 9, run: 1 });
  });

  it('keeps the key of a first request that runs longer than a lease: its heartbeat renews it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const first = probe('probe-long', { value: 11 });
      for (let tries = 0; runs.get(11) === undefined && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The lease has all but run out, as after LEASE_SECONDS of work; then the next heartbeat is due.
      const heartbeatOf = async () =>
        (
          await t.db.execute<{ age: number }>(
            sql`select extract(epoch from now() - heartbeat_at)::float as age from idempotency_keys
                where key = 'probe-long'`,
          )
        ).rows[0]?.age ?? Number.NaN;
      await t.db
        .update(idempotencyKeys)
        .set({ heartbeatAt: sql`now() - make_interval(secs => ${LEASE_SECONDS - 1})` })
        .where(eq(idempotencyKeys.key, 'probe-long'));
      vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000);
      for (let tries = 0; (await heartbeatOf()) > HEARTBEAT_SECONDS && tries < 200; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await heartbeatOf()).toBeLessThan(HEARTBEAT_SECONDS);
      // Two seconds later the lease would have run out without the beat; the key is still held.
      await t.db
        .update(idempotencyKeys)
        .set({ heartbeatAt: sql`heartbeat_at - interval '2 seconds'` })
        .where(eq(idempotencyKeys.key, 'probe-long'));
      expect((await probe('probe-long', { value: 11 })).statusCode).toBe(409);
      gate = null;
      open();
      expect((await first).statusCode).toBe(201);
      expect(runs.get(11)).toBe(1);
    } finally {
      vi.useRealTimers();
    }
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
