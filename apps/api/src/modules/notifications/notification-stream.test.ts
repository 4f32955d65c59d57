import path from 'node:path';
import {
  DELETION_REQUEST_MESSAGES,
  NOTIFICATION_SOCKET_CLOSE,
  NOTIFICATION_TYPES,
  type NotificationSocketMessage,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { createDatabase } from '../../db/client';
import { notifications } from '../../db/schema';
import { createLogger } from '../../logger';
import { createMailer } from '../../mail/mailer';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';
import { LISTENER_APPLICATION_NAME } from './notification-listener';
import { NOT_A_WEBSOCKET_MESSAGE } from './notifications.routes';

const STREAM = '/api/notifications/stream';
/** Generous for a shared test machine: the benchmark measures the real delay (bench/notification-latency.ts). */
const ARRIVAL = { timeout: 10_000, interval: 20 };

const t = useTestContext();

/** A second API process: its own app, pool and listening connection on the same database. */
let second: App;
let closeSecond: () => Promise<void>;

let admin: TestUser;
let representative: TestUser;
let marketId: number;

beforeAll(async () => {
  const logger = createLogger({ level: 'silent' });
  const { pool, db } = createDatabase(t.databaseUrl, logger, { max: 3 });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: t.config.mailFrom,
    outboxDir: path.join(t.config.dataDir, 'outbox-second'),
    log: logger,
  });
  second = await buildApp({ config: t.config, db, jobs: t.jobs, mailer, logger, checkResponses: true });
  await second.ready();
  closeSecond = async () => {
    await second.close();
    mailer.close();
    await pool.end();
  };
  admin = await t.createUser({ role: 'Admin' });
  representative = await t.createUser({ role: 'Representative' });
  marketId = await insertMarket(t.db, 'Stream market');
});

afterAll(async () => {
  await closeSecond?.();
});

type Opened = {
  messages: NotificationSocketMessage[];
  closed: Promise<number>;
  send: (message: unknown) => void;
  close: () => void;
};

async function open(app: App): Promise<Opened> {
  const socket = await app.injectWS(STREAM);
  const messages: NotificationSocketMessage[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as NotificationSocketMessage));
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  return { messages, closed, send: (message) => socket.send(JSON.stringify(message)), close: () => socket.close() };
}

async function signedIn(app: App, user: TestUser, afterId?: number): Promise<Opened> {
  const socket = await open(app);
  socket.send({ type: 'hello', token: await t.tokenFor(user), ...(afterId === undefined ? {} : { afterId }) });
  await vi.waitFor(() => expect(socket.messages[0]).toEqual({ type: 'ready' }), ARRIVAL);
  return socket;
}

const namesOf = (socket: Opened) =>
  socket.messages.flatMap((message) => (message.type === 'notification' ? [message.data.name] : []));

async function raise(user: TestUser, name: string): Promise<number> {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId: user.id, typeId: NOTIFICATION_TYPES.other, name, date: new Date() })
    .returning({ id: notifications.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

describe('the notifications socket', () => {
  it('brings a notification written through one process to a socket held by another', async () => {
    const socket = await signedIn(second, admin);
    const { id } = await insertRecord(t.db, { marketId, customer: { firstName: 'Lee', lastName: 'Park' } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/deletion-request`,
      headers: await t.authHeaders(representative),
    });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(
      () =>
        expect(socket.messages).toContainEqual({
          type: 'notification',
          data: expect.objectContaining({
            typeId: NOTIFICATION_TYPES.customerActivity,
            name: DELETION_REQUEST_MESSAGES.notificationName,
            customerAttributeId: id,
            customerName: 'Lee Park',
            status: 1,
            available: true,
          }),
        }),
      ARRIVAL,
    );
    socket.close();
  });

  it('carries only the caller’s own notifications', async () => {
    const adminSocket = await signedIn(t.app, admin);
    const representativeSocket = await signedIn(second, representative);
    await raise(admin, 'for the admin only');
    await raise(representative, 'for the representative');
    await vi.waitFor(() => expect(namesOf(representativeSocket)).toEqual(['for the representative']), ARRIVAL);
    await vi.waitFor(() => expect(namesOf(adminSocket)).toContain('for the admin only'), ARRIVAL);
    expect(namesOf(adminSocket)).not.toContain('for the representative');
    adminSocket.close();
    representativeSocket.close();
  });

  it('tells other tabs when a notification is marked read', async () => {
    const id = await raise(representative, 'read in another tab');
    const socket = await signedIn(second, representative);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${id}`,
      headers: await t.authHeaders(representative),
      payload: { status: 0 },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(
      () =>
        expect(socket.messages).toContainEqual({
          type: 'notification',
          data: expect.objectContaining({ id, status: 0 }),
        }),
      ARRIVAL,
    );
    socket.close();
  });

  it('closes a socket with a bad token, or no hello at all, with nothing sent', async () => {
    for (const hello of [
      { type: 'hello', token: 'not-a-token' },
      { type: 'hello', token: '' },
      { type: 'hi' },
      'not json',
    ]) {
      const socket = await open(second);
      socket.send(hello);
      expect(await socket.closed).toBe(NOTIFICATION_SOCKET_CLOSE.unauthorized);
      expect(socket.messages).toEqual([]);
    }
  });

  it('closes a socket whose hello carries the token of a session that has ended', async () => {
    const leaving = await t.createUser({ role: 'Manager' });
    const token = await t.tokenFor(leaving);
    await t.db.execute(sql`update refresh_tokens set revoked_at = now() where user_id = ${leaving.id}`);
    const socket = await open(second);
    socket.send({ type: 'hello', token });
    expect(await socket.closed).toBe(NOTIFICATION_SOCKET_CLOSE.unauthorized);
    expect(socket.messages).toEqual([]);
  });

  it('sends a reconnecting client what it missed after the newest id it holds', async () => {
    const before = await raise(admin, 'already held');
    await raise(admin, 'missed while away 1');
    await raise(admin, 'missed while away 2');
    const socket = await signedIn(second, admin, before);
    await vi.waitFor(() => expect(namesOf(socket)).toEqual(['missed while away 1', 'missed while away 2']), ARRIVAL);
    socket.close();
  });

  it('catches its sockets up when its own listening connection was lost meanwhile', async () => {
    const socket = await signedIn(second, admin);
    // As a database restart would: every listening connection of both processes is cut.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await raise(admin, 'raised while nobody listened');
    await vi.waitFor(() => expect(namesOf(socket)).toContain('raised while nobody listened'), ARRIVAL);
    socket.close();
  });

  it('answers 426 Upgrade Required to a plain request', async () => {
    const response = await t.app.inject({ url: STREAM });
    expect(response.statusCode).toBe(426);
    expect(response.headers['upgrade']).toBe('websocket');
    expect(response.json()).toEqual({ message: NOT_A_WEBSOCKET_MESSAGE });
  });
});
