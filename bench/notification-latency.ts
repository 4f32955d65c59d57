/**
 * Notification latency benchmark: how long a notification takes from its commit to an open WebSocket, written by the
 * process that holds the socket and by a second process on the same database (PostgreSQL LISTEN/NOTIFY, ADR 0053).
 * The target is under 1 s, also through a second process.
 *
 *   npx tsx bench/notification-latency.ts [--runs 100]
 *
 * Database: its own embedded PostgreSQL in .data/bench-notifications on port 54336 (DATA_DIR / EMBEDDED_PG_PORT, or
 * DATABASE_URL). The app (`buildApp`) holds a socket on its notifications stream, opened and greeted as the web client
 * does, for a Manager of the bench's own.
 *
 * Scenarios, each --runs notifications after 10 untimed ones:
 * - same process: the app's process inserts the notification (one transaction) and waits for it on the socket.
 * - second process: a child process with its own pool inserts it when told over its standard input and says when it
 *   has committed; timed from telling it, so the figure is an upper bound that includes that exchange.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { notifications, refreshTokens } from '../apps/api/src/db/schema';
import { signAccessToken } from '../apps/api/src/tokens/access-token';
import { buildBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile } from './lib/stats';

const SELF = fileURLToPath(import.meta.url);
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-notifications');
const PG_PORT = 54_336;
const WARMUP = 10;
const TIMEOUT_MS = 10_000;
const EMAIL = 'bench-notifications@example.com';

/** A notification for the bench user, committed in one statement (its own transaction). */
async function insertNotification(db: Database, userId: number, name: string): Promise<void> {
  await db.insert(notifications).values({ userId, typeId: 4, name, date: new Date() });
}

/** The child: inserts a notification for each line read ("<userId> <name>") and answers "ok" once it committed. */
async function child(): Promise<void> {
  const { createDatabase } = await import('../apps/api/src/db/client');
  const { createLogger } = await import('../apps/api/src/logger');
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('the child needs DATABASE_URL');
  const { pool, db } = createDatabase(url, createLogger({ level: 'warn' }), { max: 1 });
  let buffered = '';
  process.stdin.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const [userId, name] = buffered.slice(0, newline).split(' ');
      buffered = buffered.slice(newline + 1);
      void insertNotification(db, Number(userId), name ?? '').then(() => process.stdout.write('ok\n'));
      newline = buffered.indexOf('\n');
    }
  });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.on('end', resolve));
  await pool.end();
}

function startWriter(databaseUrl: string): Promise<ChildProcess> {
  const handle = spawn(process.execPath, ['--import', 'tsx', SELF, 'child'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        handle.stdout?.off('data', onData);
        resolve(handle);
      }
    };
    handle.stdout?.on('data', onData);
    handle.on('error', reject);
  });
}

async function parent(): Promise<void> {
  const runs = Number(option('runs', '100'));
  const { withBenchDatabase } = await import('./lib/database');
  await withBenchDatabase({ poolSize: 5, dataDir: DATA_DIR, port: PG_PORT }, async (bench) => {
    const { db, config } = bench;
    await db.execute(sql`
      insert into users (first_name, last_name, email, password_hash, role)
      values ('Bench', 'Notifications', ${EMAIL}, 'not-a-hash', 'Manager') on conflict do nothing`);
    const { rows } = await db.execute<{ id: number }>(sql`select id from users where email = ${EMAIL}`);
    const userId = rows[0]?.id;
    if (!userId) throw new Error('no bench user');
    const sessionId = randomUUID();
    await db.insert(refreshTokens).values({
      userId,
      familyId: sessionId,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    const token = await signAccessToken({ userId, role: 'Manager', sessionId }, config.jwtSecret, 3600);

    const { app, close } = await buildBenchApp(bench);
    const writer = await startWriter(bench.url);
    try {
      await app.ready();
      const socket = await app.injectWS('/api/notifications/stream');
      const waiting = new Map<string, (at: number) => void>();
      socket.on('message', (data: Buffer) => {
        const arrived = performance.now();
        const message = JSON.parse(data.toString()) as { type: string; data?: { name: string } };
        if (message.type === 'ready') waiting.get('ready')?.(arrived);
        if (message.data) waiting.get(message.data.name)?.(arrived);
      });
      const arrival = (name: string) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${name} did not arrive`)), TIMEOUT_MS);
          waiting.set(name, (at) => {
            clearTimeout(timer);
            waiting.delete(name);
            resolve(at);
          });
        });
      const ready = arrival('ready');
      socket.send(JSON.stringify({ type: 'hello', token }));
      await ready;

      const measure = async (write: (name: string) => Promise<void>): Promise<number[]> => {
        const times: number[] = [];
        for (let index = 0; index < WARMUP + runs; index += 1) {
          const name = `bench-${randomUUID()}`;
          const arrived = arrival(name);
          const started = performance.now();
          await write(name);
          const elapsed = (await arrived) - started;
          if (index >= WARMUP) times.push(elapsed);
        }
        return times;
      };
      const sameProcess = await measure((name) => insertNotification(db, userId, name));
      const secondProcess = await measure(
        (name) =>
          new Promise<void>((resolve) => {
            writer.stdout?.once('data', () => resolve());
            writer.stdin?.write(`${userId} ${name}\n`);
          }),
      );
      socket.close();
      const row = (label: string, times: number[]) =>
        `| ${label} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.95))} | ${ms(Math.max(...times))} |`;
      printResults(
        `${resultsDate()}, ${runs} notifications per scenario, load average ${loadAverage()}`,
        ['| commit to the open socket | median ms | p95 ms | max ms |', '|---|---:|---:|---:|'],
        [row('written by the same process', sameProcess), row('written by a second process', secondProcess)],
      );
    } finally {
      writer.stdin?.end();
      await close();
    }
  });
}

runMain(process.argv[2] === 'child' ? child : parent);
