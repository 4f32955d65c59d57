import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, REPO_ROOT } from '../config';
import { createLogger } from '../logger';
import { freePort } from '../test/free-port';
import { waitFor } from '../test/wait-for';
import { startEmbeddedPostgres } from './embedded';
import { WATCHDOG_NAME } from './embedded-orphan';

const LINUX_ONLY = 'finds processes through /proc';
const isLinux = process.platform === 'linux';
const here = path.dirname(fileURLToPath(import.meta.url));
const silent = createLogger({ level: 'silent' });

/** A cluster folder whose parent is open, so that as root the postgres user keeps the cluster where it is. */
async function clusterFolder(): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'lawn-orphan-'));
  await chmod(parent, 0o755);
  onTestFinished(() => rm(parent, { recursive: true, force: true }));
  return path.join(parent, 'postgres');
}

function recordingLogger() {
  const lines: string[] = [];
  const log = createLogger({ level: 'info', stream: { write: (line: string) => void lines.push(line) } });
  return { log, messages: () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg) };
}

/** Whether `pid` is a live process (not a zombie waiting for its parent). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

function commandLine(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** The watchdog process of the server on `databaseDir`. */
async function watchdogOf(databaseDir: string): Promise<number> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const found = pids.filter((pid) => {
    const args = commandLine(pid);
    return args.includes(WATCHDOG_NAME) && args.includes(databaseDir);
  });
  expect(found).toHaveLength(1);
  return Number(found[0]);
}

async function serverPid(databaseDir: string): Promise<number> {
  return Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

async function query<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Another process that starts the embedded server on `databaseDir` and keeps it running, as the app does; resolves
 * with that process and the server's app URL once the server is up.
 */
async function startOwnerProcess(databaseDir: string, port: number): Promise<{ owner: ChildProcess; url: string }> {
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(here, 'embedded.ts'))});
    const { createLogger } = await import(${JSON.stringify(path.join(here, '../logger.ts'))});
    const [databaseDir, port] = process.argv.slice(1);
    const server = await startEmbeddedPostgres({
      databaseDir, port: Number(port), log: createLogger({ level: 'silent' }), fast: true,
    });
    process.stdout.write(JSON.stringify({ url: server.appUrl }) + '\\n');
    setInterval(() => undefined, 60_000);
  `;
  const owner = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, databaseDir, String(port)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onTestFinished(() => {
    owner.kill('SIGKILL');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    owner.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line && output.includes('\n')) resolve((JSON.parse(line) as { url: string }).url);
    });
    owner.once('exit', (code) => reject(new Error(`the owner process exited (${code}) before its server was up`)));
  });
  return { owner, url };
}

const lockFileOf = (databaseDir: string) => path.join(databaseDir, 'postmaster.pid');

/**
 * Another process that runs PostgreSQL on `databaseDir` the way versions before the watchdog did: fixed superuser
 * password, no owner on the server's command line, no watchdog.
 */
async function startOlderVersionOwner(databaseDir: string, port: number): Promise<ChildProcess> {
  const script = `
    const { mkdir, chown } = await import('node:fs/promises');
    const { findBinaries, initialiseCluster, startServer } = await import(${JSON.stringify(path.join(here, 'embedded-process.ts'))});
    const { isRoot, postgresAccount, reachableBinaries } = await import(${JSON.stringify(path.join(here, 'embedded-root.ts'))});
    const { createLogger } = await import(${JSON.stringify(path.join(here, '../logger.ts'))});
    const log = createLogger({ level: 'silent' });
    const [dataDir, port] = process.argv.slice(1);
    const runAs = isRoot() ? await postgresAccount(log) : undefined;
    const binaries = runAs ? await reachableBinaries(findBinaries(), runAs, log) : findBinaries();
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    if (runAs) await chown(dataDir, runAs.uid, runAs.gid);
    const common = { binaries, dataDir, runAs, onOutput: () => undefined };
    await initialiseCluster({ ...common, user: 'postgres', password: 'postgres', flags: ['--no-sync'] });
    await startServer({ ...common, port: Number(port), flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'] });
    process.stdout.write('ready\\n');
    setInterval(() => undefined, 60_000);
  `;
  const owner = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, databaseDir, String(port)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onTestFinished(() => {
    owner.kill('SIGKILL');
  });
  await new Promise<void>((resolve, reject) => {
    owner.stdout?.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('ready') && resolve());
    owner.once('exit', (code) => reject(new Error(`the older version exited (${code}) before its server was up`)));
  });
  return owner;
}

describe('an embedded PostgreSQL whose owner is gone', () => {
  it('is stopped cleanly by its watchdog when the process that started it is killed with kill -9', async (context) => {
    context.skip(!isLinux, LINUX_ONLY);
    const databaseDir = await clusterFolder();
    const { owner } = await startOwnerProcess(databaseDir, await freePort());
    const server = await serverPid(databaseDir);
    expect(isRunning(server)).toBe(true);
    await watchdogOf(databaseDir);

    owner.kill('SIGKILL');

    await waitFor('the server to stop', async () => (isRunning(server) ? undefined : true), 30_000);
    // A clean (fast) shutdown removes the lock file; a crash would leave it behind.
    expect(existsSync(lockFileOf(databaseDir))).toBe(false);
  });

  it('is stopped by the next start when its watchdog was killed too, and the data is kept', async (context) => {
    context.skip(!isLinux, LINUX_ONLY);
    const databaseDir = await clusterFolder();
    const port = await freePort();
    const { owner, url } = await startOwnerProcess(databaseDir, port);
    await query(url, "create table kept as select 'before the crash' as note");
    const orphan = await serverPid(databaseDir);
    process.kill(await watchdogOf(databaseDir), 'SIGKILL');
    owner.kill('SIGKILL');
    await waitFor('the owner to exit', async () => (owner.exitCode === null && !owner.signalCode ? undefined : true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(isRunning(orphan)).toBe(true);
    const { log, messages } = recordingLogger();

    const server = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    onTestFinished(() => server.stop());

    expect(isRunning(orphan)).toBe(false);
    expect(messages()).toContain('stopping the embedded PostgreSQL that an earlier run left behind');
    expect(await query(server.appUrl, 'select note from kept')).toEqual([{ note: 'before the crash' }]);
  });

  it('is not taken from a process that still runs it: the start stops with one line instead', async (context) => {
    context.skip(!isLinux, LINUX_ONLY);
    const databaseDir = await clusterFolder();
    const first = await startEmbeddedPostgres({ databaseDir, port: await freePort(), log: silent, fast: true });
    onTestFinished(() => first.stop());

    const second = startEmbeddedPostgres({ databaseDir, port: await freePort(), log: silent, fast: true });

    await expect(second).rejects.toThrow(ConfigError);
    await expect(second).rejects.toThrow(
      `The embedded PostgreSQL of ${databaseDir} is in use by another running process (pid ${process.pid}): stop ` +
        'that one first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.',
    );
    expect(await query(first.appUrl, 'select 1 as ok')).toEqual([{ ok: 1 }]);
  });

  it('starts past a lock file whose process number now belongs to another program', async (context) => {
    context.skip(!isLinux, LINUX_ONLY);
    const databaseDir = await clusterFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ databaseDir, port, log: silent, fast: true });
    const lock = await readFile(lockFileOf(databaseDir), 'utf8');
    await first.stop();
    // After a crash and a reboot, the number in the lock file may be any other program's.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    onTestFinished(() => {
      other.kill();
    });
    await writeFile(lockFileOf(databaseDir), lock.replace(/^\d+/, String(other.pid)));
    const { log, messages } = recordingLogger();

    const server = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    onTestFinished(() => server.stop());

    expect(messages()).toContain('removing a stale PostgreSQL lock file: its process is not this server');
    expect(await query(server.appUrl, 'select 1 as ok')).toEqual([{ ok: 1 }]);
  });

  it('started by an older version: left alone while the app that started it runs, stopped once it is gone', async (context) => {
    context.skip(!isLinux, LINUX_ONLY);
    const databaseDir = await clusterFolder();
    const port = await freePort();
    const owner = await startOlderVersionOwner(databaseDir, port);
    const older = await serverPid(databaseDir);

    await expect(startEmbeddedPostgres({ databaseDir, port, log: silent, fast: true })).rejects.toThrow(ConfigError);
    expect(isRunning(older)).toBe(true);

    owner.kill('SIGKILL');
    await waitFor('the older app to exit', async () =>
      owner.exitCode === null && !owner.signalCode ? undefined : true,
    );
    const { log, messages } = recordingLogger();
    const server = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    onTestFinished(() => server.stop());

    expect(isRunning(older)).toBe(false);
    expect(messages()).toEqual(
      expect.arrayContaining([
        'stopping the embedded PostgreSQL that an earlier run left behind',
        'replaced the fixed superuser password of the embedded PostgreSQL by a generated one, kept in DATA_DIR',
      ]),
    );
    expect(await query(server.appUrl, 'select current_user as role')).toEqual([{ role: 'lawn_app' }]);
  });
});
