import { spawnSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { secureDataDir } from './data-dir';
import { canEnter, isRoot, postgresAccount } from './db/embedded-root';
import { createLogger } from './logger';

const log = createLogger({ level: 'silent' });

/** A data folder as an older version left it: every folder 0755, every file 0644. */
async function openDataDir(): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'lawn-data-dir-'));
  await chmod(parent, 0o755);
  onTestFinished(() => rm(parent, { recursive: true, force: true }));
  const dataDir = path.join(parent, 'data');
  for (const folder of ['', 'outbox', 'files/reports/7', 'postgres']) {
    await mkdir(path.join(dataDir, folder), { recursive: true });
    await chmod(path.join(dataDir, folder), 0o755);
  }
  for (const file of ['jwt-secret', 'outbox/2026-01-01-reset.eml', 'files/reports/7/customers.csv']) {
    await writeFile(path.join(dataDir, file), 'private\n', { mode: 0o644 });
  }
  // A PostgreSQL cluster keeps the modes PostgreSQL gave it.
  await chmod(path.join(dataDir, 'postgres'), 0o700);
  await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n', { mode: 0o644 });
  return dataDir;
}

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

describe('the data folder', () => {
  it('is created private', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'lawn-data-dir-'));
    onTestFinished(() => rm(parent, { recursive: true, force: true }));
    const dataDir = path.join(parent, 'new', 'data');

    await secureDataDir(dataDir, { log });

    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it('closes an existing folder at start: folders 0700 and files 0600, clusters and linked folders left alone', async () => {
    const dataDir = await openDataDir();
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'lawn-linked-'));
    onTestFinished(() => rm(elsewhere, { recursive: true, force: true }));
    await chmod(elsewhere, 0o755);
    await symlink(elsewhere, path.join(dataDir, 'linked'));

    await secureDataDir(dataDir, { log });

    expect(await modeOf(dataDir)).toBe(0o700);
    for (const folder of ['outbox', 'files', 'files/reports', 'files/reports/7']) {
      expect({ folder, mode: await modeOf(path.join(dataDir, folder)) }).toEqual({ folder, mode: 0o700 });
    }
    for (const file of ['jwt-secret', 'outbox/2026-01-01-reset.eml', 'files/reports/7/customers.csv']) {
      expect({ file, mode: await modeOf(path.join(dataDir, file)) }).toEqual({ file, mode: 0o600 });
    }
    expect(await modeOf(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(0o644);
    expect(await modeOf(elsewhere)).toBe(0o755);
  });

  it('as root, lets the postgres user pass through to its cluster and nothing more', async (context) => {
    context.skip(!isRoot(), 'only root hands PostgreSQL to the postgres user; this suite does not run as root');
    const account = await postgresAccount(log);
    const dataDir = await openDataDir();
    await chown(path.join(dataDir, 'postgres'), account.uid, account.gid);

    await secureDataDir(dataDir, { serverAccount: account, log });

    const folder = await stat(dataDir);
    expect([folder.uid, folder.gid, folder.mode & 0o777]).toEqual([0, account.gid, 0o710]);
    expect(canEnter(account, path.join(dataDir, 'postgres'))).toBe(true);
    // It can neither list the folder nor read a file it knows the name of.
    const asPostgres = (script: string) =>
      spawnSync('/bin/sh', ['-c', script, 'sh', dataDir], { ...account, cwd: '/', stdio: 'ignore' }).status;
    expect(asPostgres('ls "$1"')).not.toBe(0);
    expect(asPostgres('cat "$1/jwt-secret"')).not.toBe(0);
    expect(asPostgres('ls "$1/outbox"')).not.toBe(0);
    expect(await modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
  });
});
