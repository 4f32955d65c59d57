import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError } from '../config';
import { createLogger } from '../logger';
import { freePort } from '../test/free-port';
import { startEmbeddedPostgres } from './embedded';
import { findBinaries, programPath } from './embedded-process';
import { canEnter, clusterName, isRoot, postgresAccount, reachableBinaries, reachableDataDir } from './embedded-root';

const NOT_ROOT = 'only a root run hands PostgreSQL to the postgres user; this suite does not run as root';

/** A fresh folder closed to everyone but its owner (like root's home or `mktemp -d`), with a space in its path. */
async function privateFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lawn private '));
  await chmod(folder, 0o700);
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

function recordingLogger() {
  const lines: string[] = [];
  const log = createLogger({ level: 'info', stream: { write: (line: string) => void lines.push(line) } });
  return { log, messages: () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg) };
}

/** Adds one row to a table that survives restarts and answers how many there are. */
async function recordStart(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create table if not exists starts (at timestamptz not null default now())');
    await client.query('insert into starts default values');
    const { rows } = await client.query<{ count: string }>('select count(*) from starts');
    return Number(rows[0]?.count);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL start-up', () => {
  it('starts from a private folder whose path has spaces, reuses the data on the next start and can throw it away', async () => {
    const databaseDir = path.join(await privateFolder(), 'data dir', 'postgres');
    const { log } = recordingLogger();
    const port = await freePort();

    const first = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    expect(await recordStart(first.appUrl)).toBe(1);
    await first.stop();

    const second = await startEmbeddedPostgres({ databaseDir, port, log, fast: true, persistent: false });
    expect(await recordStart(second.appUrl)).toBe(2);
    const cluster = await realpath(databaseDir);
    await second.stop();
    expect(existsSync(databaseDir)).toBe(false);
    expect(existsSync(cluster)).toBe(false);
  });

  it('as root, keeps the data of a folder the postgres user cannot enter where it can, owned by it, and says so', async (context) => {
    context.skip(!isRoot(), NOT_ROOT);
    const folder = await privateFolder();
    const account = await postgresAccount(createLogger({ level: 'silent' }));
    expect(canEnter(account, folder)).toBe(false);
    // What a start that failed before this fix left behind: an empty cluster folder owned by postgres.
    const databaseDir = path.join(folder, 'clone dir', '.data', 'postgres');
    await mkdir(databaseDir, { recursive: true });
    await chown(databaseDir, account.uid, account.gid);
    const { log, messages } = recordingLogger();

    const server = await startEmbeddedPostgres({
      databaseDir,
      port: await freePort(),
      log,
      fast: true,
      persistent: false,
    });
    onTestFinished(() => server.stop());
    expect(await recordStart(server.appUrl)).toBe(1);

    expect((await lstat(databaseDir)).isSymbolicLink()).toBe(true);
    const cluster = await realpath(databaseDir);
    expect(cluster.startsWith('/var/lib/lawn-care-office/clusters/')).toBe(true);
    const owner = await stat(cluster);
    expect([owner.uid, owner.gid, owner.mode & 0o777]).toEqual([account.uid, account.gid, 0o700]);
    expect(messages()).toContain(
      `running as root: PostgreSQL runs as the postgres user, which cannot enter ${path.dirname(databaseDir)}, ` +
        `so its data is kept in ${cluster}, linked from ${databaseDir}`,
    );
  });

  it('as root, runs a copy of the PostgreSQL programs when the project folder is closed to the postgres user', async (context) => {
    context.skip(!isRoot(), NOT_ROOT);
    const account = await postgresAccount(createLogger({ level: 'silent' }));
    // A clone in a private folder, with spaces in its path.
    const installed = findBinaries();
    const clone = { ...installed, root: path.join(await privateFolder(), 'my clone', 'native') };
    await cp(installed.root, clone.root, { recursive: true, verbatimSymlinks: true });
    const systemDir = path.join(await mkdtemp(path.join(tmpdir(), 'lawn-system-')), 'lawn-care-office');
    onTestFinished(() => rm(path.dirname(systemDir), { recursive: true, force: true }));
    await chmod(path.dirname(systemDir), 0o755);
    const { log, messages } = recordingLogger();

    const copy = await reachableBinaries(clone, account, log, systemDir);

    expect(copy.root).toBe(path.join(systemDir, `postgres-${installed.version}-${process.platform}-${process.arch}`));
    const version = spawnSync(programPath(copy, 'postgres'), ['--version'], { ...account, cwd: '/', encoding: 'utf8' });
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
    expect(messages()).toEqual([
      `running as root: PostgreSQL runs as the postgres user, which cannot reach ${clone.root}, so it runs the copy in ${copy.root}`,
    ]);
    // Reachable programs are used where they are.
    expect(await reachableBinaries(copy, account, log, systemDir)).toEqual(copy);
  });

  it('as root, stops with one line when an existing database sits where the postgres user cannot enter', async (context) => {
    context.skip(!isRoot(), NOT_ROOT);
    const account = await postgresAccount(createLogger({ level: 'silent' }));
    const databaseDir = path.join(await privateFolder(), 'postgres');
    await mkdir(databaseDir);
    await writeFile(path.join(databaseDir, 'PG_VERSION'), '18\n');

    const attempt = reachableDataDir(databaseDir, account, createLogger({ level: 'silent' }));

    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(
      `The postgres user that runs PostgreSQL for root cannot enter ${databaseDir}: move the data folder (DATA_DIR) ` +
        'where others can enter it, run as a normal user, or set DATABASE_URL to a PostgreSQL server.',
    );
  });
});

describe('cluster folder names', () => {
  it.each([
    ['/root/lawn/.data/postgres', /^data-postgres-[0-9a-f]{12}$/],
    ['/tmp/tmp.Ab12/my data/postgres', /^my_data-postgres-[0-9a-f]{12}$/],
    ['/root/lawn/.data/e2e/postgres', /^e2e-postgres-[0-9a-f]{12}$/],
  ])('names the cluster of %s readably', (dataDir, expected) => {
    expect(clusterName(dataDir)).toMatch(expected);
  });

  it('gives every data path its own name, and the same path the same name', () => {
    expect(clusterName('/a/.data/postgres')).toBe(clusterName('/a/.data/postgres'));
    expect(clusterName('/a/.data/postgres')).not.toBe(clusterName('/b/.data/postgres'));
  });
});
