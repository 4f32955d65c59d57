import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readdir, readlink, rename, rm, rmdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import { programPath, type PostgresBinaries, type RunAs } from './embedded-process';

/*
 * PostgreSQL refuses to run as root, so when this process is root the server runs as the `postgres` system user.
 * That user must reach the programs and own the data, but root's home (mode 700) or a `mktemp -d` folder is closed
 * to it. What it cannot reach is then kept under this system folder instead, and the log says so:
 * - the programs are copied once per PostgreSQL build, owned by root and readable by everyone, so the database user
 *   can run them but not change them;
 * - a cluster lives in `clusters/<name>-<hash of the data path>`, owned by `postgres` with mode 700, and the data
 *   path becomes a link to it, so DATA_DIR still shows where the data is and deleting DATA_DIR starts afresh.
 */
const SYSTEM_DIR = '/var/lib/lawn-care-office';
const ACCOUNT = 'postgres';
const ALTERNATIVES = 'run as a normal user, or set DATABASE_URL to a PostgreSQL server';

const run = promisify(execFile);

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

async function accountIds(): Promise<RunAs> {
  const id = async (flag: string) => Number.parseInt((await run('id', [flag, ACCOUNT])).stdout, 10);
  return { uid: await id('-u'), gid: await id('-g') };
}

/** The `postgres` system account the server runs as, created on first use. */
export async function postgresAccount(log: Logger): Promise<RunAs> {
  const existing = await accountIds().catch(() => undefined);
  if (existing) return existing;
  try {
    const hasGroup = await run('getent', ['group', ACCOUNT]).then(
      () => true,
      () => false,
    );
    if (!hasGroup) await run('groupadd', ['--system', ACCOUNT]);
    await run('useradd', ['--system', '--gid', ACCOUNT, ACCOUNT]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError(
      `Running as root, the embedded PostgreSQL needs a "${ACCOUNT}" user and creating it failed (${reason}): ` +
        `create it with "useradd --system ${ACCOUNT}", ${ALTERNATIVES}.`,
    );
  }
  log.info(`created the ${ACCOUNT} system user that runs the embedded PostgreSQL`);
  return accountIds();
}

/** Whether `account` can reach `target` through every parent folder and enter or run it. */
export function canEnter(account: RunAs, target: string): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], { ...account, cwd: '/', stdio: 'ignore' });
  return result.status === 0;
}

async function ensureSystemFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true, mode: 0o755 });
    await chmod(folder, 0o755);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `Running as root, PostgreSQL runs as the ${ACCOUNT} user, which cannot enter this project's folder, and ` +
        `${folder} cannot be created (${code}): move the project to a folder others can enter, ${ALTERNATIVES}.`,
    );
  }
}

/** Makes a copied tree readable (and, where it was executable, runnable) by everyone, whatever the umask was. */
async function openToEveryone(target: string): Promise<void> {
  const stats = await lstat(target);
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    await chmod(target, 0o755);
    for (const entry of await readdir(target)) await openToEveryone(path.join(target, entry));
    return;
  }
  await chmod(target, stats.mode & 0o111 ? 0o755 : 0o644);
}

/** The programs where `account` can run them: in place when it can, otherwise a copy under `systemDir`. */
export async function reachableBinaries(
  binaries: PostgresBinaries,
  account: RunAs,
  log: Logger,
  systemDir = SYSTEM_DIR,
): Promise<PostgresBinaries> {
  const isReachable = (candidate: PostgresBinaries) =>
    canEnter(account, programPath(candidate, 'initdb')) && canEnter(account, programPath(candidate, 'postgres'));
  if (isReachable(binaries)) return binaries;

  const copy = {
    ...binaries,
    root: path.join(systemDir, `postgres-${binaries.version}-${process.platform}-${process.arch}`),
  };
  if (!existsSync(programPath(copy, 'postgres'))) {
    await ensureSystemFolder(systemDir);
    // Copied aside, then renamed into place, so a concurrent start never sees half a copy.
    const partial = `${copy.root}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await cp(binaries.root, partial, { recursive: true, verbatimSymlinks: true });
    await openToEveryone(partial);
    try {
      await rename(partial, copy.root);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(programPath(copy, 'postgres'))) throw error;
    }
  }
  if (!isReachable(copy)) {
    throw new ConfigError(`The ${ACCOUNT} user cannot run the PostgreSQL programs in ${copy.root}: ${ALTERNATIVES}.`);
  }
  log.info(
    { binaries: copy.root },
    `running as root: PostgreSQL runs as the ${ACCOUNT} user, which cannot reach ${binaries.root}, so it runs ` +
      `the copy in ${copy.root}`,
  );
  return copy;
}

/** A readable, unique folder name for the cluster of `dataDir`, e.g. `e2e-postgres-3f2a9c1b7d4e`. */
export function clusterName(dataDir: string): string {
  const readable = [path.basename(path.dirname(dataDir)), path.basename(dataDir)]
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 60);
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return `${readable}-${hash}`;
}

/**
 * The folder that holds the cluster of `dataDir`, reachable by `account`: `dataDir` itself when the account can enter
 * its parent folder (as before), otherwise a folder under `systemDir` that `dataDir` links to. An existing cluster is
 * always used where it is.
 */
export async function reachableDataDir(
  dataDir: string,
  account: RunAs,
  log: Logger,
  systemDir = SYSTEM_DIR,
): Promise<string> {
  const existing = await lstat(dataDir).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(dataDir), await readlink(dataDir));
    if (existsSync(target)) {
      log.info({ databaseDir: target }, `running as root: the embedded PostgreSQL keeps its data in ${target}`);
      return target;
    }
    await rm(dataDir);
  } else if (existing) {
    if (canEnter(account, dataDir)) return dataDir;
    const isEmpty = (await readdir(dataDir)).length === 0;
    if (!isEmpty) {
      throw new ConfigError(
        `The ${ACCOUNT} user that runs PostgreSQL for root cannot enter ${dataDir}: move the data folder (DATA_DIR) ` +
          `where others can enter it, ${ALTERNATIVES}.`,
      );
    }
    // Left empty by a start that failed before this folder was moved out of reach.
    await rmdir(dataDir);
  }

  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true, mode: 0o755 });
  if (canEnter(account, parent)) return dataDir;

  const clusters = path.join(systemDir, 'clusters');
  await ensureSystemFolder(systemDir);
  await ensureSystemFolder(clusters);
  const cluster = path.join(clusters, clusterName(dataDir));
  // No link pointed here, so this is what remains of a data folder that was deleted: start afresh.
  await rm(cluster, { recursive: true, force: true });
  await mkdir(cluster, { mode: 0o700 });
  await chown(cluster, account.uid, account.gid);
  await symlink(cluster, dataDir, 'dir');
  log.info(
    { databaseDir: cluster, link: dataDir },
    `running as root: PostgreSQL runs as the ${ACCOUNT} user, which cannot enter ${parent}, so its data is kept ` +
      `in ${cluster}, linked from ${dataDir}`,
  );
  return cluster;
}
