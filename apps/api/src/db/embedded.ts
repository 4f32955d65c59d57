import { existsSync } from 'node:fs';
import { chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import {
  findBinaries,
  initialiseCluster,
  startServer,
  type PostgresBinaries,
  type RunAs,
  type RunningServer,
} from './embedded-process';
import { OWNER_SETTING, startWatchdog, stopOrphanServer, type Watchdog } from './embedded-orphan';
import { ensureSuperuserPassword, prepareAppDatabase } from './embedded-roles';
import { isRoot, postgresAccount, reachableBinaries, reachableDataDir } from './embedded-root';
import { readOrCreatePassword, removeSecretFiles, secretFilesOf } from './embedded-secrets';
import { requiredExtensions } from './migrate';

const EMBEDDED_DATABASE = 'lawn';
const SUPERUSER = 'postgres';
/** The role the app connects as: owner of its database, not a superuser. */
export const APP_ROLE = 'lawn_app';

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
  /** The app's connection: its own role, which owns the app's database and is not a superuser. */
  appUrl: string;
  /** A superuser connection to `database`, for what the app's role may not do (the test harness creates databases). */
  superuserUrlFor: (database: string) => string;
  /** Creates what only the superuser may create for the app (its role, database, extensions); done at every start. */
  prepare: () => Promise<void>;
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
  superuserPassword: string,
  onOutput: (text: string) => void,
  onSpawn: (pid: number) => void,
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
      user: SUPERUSER,
      password: superuserPassword,
      flags: ['--encoding=UTF8', '--locale=C', ...(options.fast ? ['--no-sync'] : [])],
    });
  }
  return startServer({
    ...placement,
    onOutput,
    onSpawn,
    port: options.port,
    flags: [
      '-c',
      `${OWNER_SETTING}=${process.pid}`,
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      '-c',
      'max_connections=200',
    ],
  });
}

/**
 * Starts the embedded PostgreSQL on the cluster in `databaseDir` (created on first use) and prepares the app's role
 * and database on it. Both roles have generated passwords, kept beside the cluster (see embedded-secrets.ts).
 */
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

  const secretFiles = secretFilesOf(databaseDir);
  const superuserPassword = await readOrCreatePassword(secretFiles.superuser);
  const appPassword = await readOrCreatePassword(secretFiles.app);
  const placement = await placeServer(databaseDir, log);
  await stopOrphanServer(placement.dataDir, log);
  // The server must not outlive this process, however it ends: its watchdog starts with it.
  let watchdog: Watchdog | undefined;
  const onSpawn = (pid: number) => {
    watchdog = startWatchdog(pid, placement.dataDir);
  };
  const started = await initialiseAndStart(placement, options, superuserPassword, onOutput, onSpawn).catch(
    (error: unknown) => {
      watchdog?.stop();
      throw new Error(
        `Embedded PostgreSQL failed to start on port ${port} with data in ${placement.dataDir}. ` +
          'Is the port in use (set EMBEDDED_PG_PORT) or the directory unreadable for the postgres user? ' +
          `Last output:\n${recentOutput.join('\n')}`,
        { cause: error },
      );
    },
  );
  const server = {
    stop: async () => {
      await started.stop();
      watchdog?.stop();
    },
  };

  const url = (user: string, password: string, database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const superuserUrlFor = (database: string) => url(SUPERUSER, superuserPassword, database);
  const prepare = () =>
    prepareAppDatabase(
      superuserUrlFor,
      { role: APP_ROLE, password: appPassword, database: EMBEDDED_DATABASE, extensions: requiredExtensions() },
      log,
    );
  try {
    await ensureSuperuserPassword(
      (password) => url(SUPERUSER, password, 'postgres'),
      superuserPassword,
      secretFiles.superuser,
      log,
    );
    await prepare();
  } catch (error) {
    await server.stop();
    throw error;
  }
  log.info({ port, databaseDir: placement.dataDir }, 'embedded PostgreSQL started');

  return {
    appUrl: url(APP_ROLE, appPassword, EMBEDDED_DATABASE),
    superuserUrlFor,
    prepare,
    stop: async () => {
      await server.stop();
      if (options.persistent === false) {
        await rm(placement.dataDir, { recursive: true, force: true });
        // A cluster kept elsewhere for root leaves its link behind.
        await rm(databaseDir, { recursive: true, force: true });
        await removeSecretFiles(secretFiles);
      }
      log.info('embedded PostgreSQL stopped');
    },
  };
}
