import { existsSync } from 'node:fs';
import { chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';
import {
  findBinaries,
  initialiseCluster,
  startServer,
  type PostgresBinaries,
  type RunAs,
  type RunningServer,
} from './embedded-process';
import { isRoot, postgresAccount, reachableBinaries, reachableDataDir } from './embedded-root';

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

type Placement = { binaries: PostgresBinaries; dataDir: string; runAs: RunAs | undefined };

/**
 * Where the server's programs and cluster are, and whom it runs as. As root, PostgreSQL runs as the `postgres` user
 * and whatever that user cannot reach is kept under a system folder instead (see embedded-root.ts).
 */
async function placeServer(databaseDir: string, log: Logger): Promise<Placement> {
  const binaries = findBinaries();
  if (!isRoot()) return { binaries, dataDir: databaseDir, runAs: undefined };
  const runAs = await postgresAccount(log);
  return {
    binaries: await reachableBinaries(binaries, runAs, log),
    dataDir: await reachableDataDir(databaseDir, runAs, log),
    runAs,
  };
}

/** Creates the cluster on first use (an existing one is reused as it is), then starts the server on it. */
async function initialiseAndStart(
  placement: Placement,
  options: EmbeddedPostgresOptions,
  onOutput: (text: string) => void,
): Promise<RunningServer> {
  const { dataDir, runAs } = placement;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // Parent directories must be traversable by the `postgres` user, so they are created world-readable.
    await mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
    if (runAs) {
      // initdb runs as that user, so it must own the (empty) cluster folder it fills.
      await mkdir(dataDir, { recursive: true, mode: 0o700 });
      await chown(dataDir, runAs.uid, runAs.gid);
    }
    options.log.info({ databaseDir: dataDir }, 'initialising embedded PostgreSQL');
    await initialiseCluster({
      ...placement,
      onOutput,
      user: USER,
      password: PASSWORD,
      flags: ['--encoding=UTF8', '--locale=C', ...(options.fast ? ['--no-sync'] : [])],
    });
  }
  return startServer({
    ...placement,
    onOutput,
    port: options.port,
    flags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      '-c',
      'max_connections=200',
    ],
  });
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { databaseDir, port, log } = options;
  // Recent server output, replayed when start-up fails.
  const recentOutput: string[] = [];
  const onOutput = (message: string) => {
    const text = message.trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 20) recentOutput.shift();
    log.debug({ postgres: text }, 'embedded postgres');
  };

  const placement = await placeServer(databaseDir, log);
  const server = await initialiseAndStart(placement, options, onOutput).catch((error: unknown) => {
    throw new Error(
      `Embedded PostgreSQL failed to start on port ${port} with data in ${placement.dataDir}. ` +
        'Is the port in use (set EMBEDDED_PG_PORT) or the directory unreadable for the postgres user? ' +
        `Last output:\n${recentOutput.join('\n')}`,
      { cause: error },
    );
  });

  const urlFor = (database = EMBEDDED_DATABASE) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  log.info({ port, databaseDir: placement.dataDir }, 'embedded PostgreSQL started');

  return {
    urlFor,
    stop: async () => {
      await server.stop();
      if (options.persistent === false) {
        await rm(placement.dataDir, { recursive: true, force: true });
        // A cluster kept elsewhere for root leaves its link behind.
        await rm(databaseDir, { recursive: true, force: true });
      }
      log.info('embedded PostgreSQL stopped');
    },
  };
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
