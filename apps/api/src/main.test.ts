import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { spawnApiProcess, type ApiProcess } from './test/api-process';
import { cloneTemplateDatabase } from './test/cloned-database';
import { TEST_JWT_SECRET } from './test/test-app';
import { waitFor } from './test/wait-for';

/** The same lock number as db/migrate.ts: held here, it keeps the API waiting to migrate. */
const MIGRATION_LOCK_ID = 724_311_001;

async function spawn(options: Parameters<typeof spawnApiProcess>[0]): Promise<ApiProcess> {
  const api = await spawnApiProcess(options);
  onTestFinished(() => api.close());
  return api;
}

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.charAt(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

describe('a stop requested during start-up', () => {
  it('while the embedded database starts: start-up stops there, and the database is stopped too', async (context) => {
    context.skip(process.platform !== 'linux', 'finds the database process through /proc');
    const api = await spawn({ jwtSecret: TEST_JWT_SECRET });
    const lockFile = path.join(api.dataDir, 'postgres', 'postmaster.pid');
    const serverPid = await waitFor(
      'the embedded database to start',
      async () => (existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8').split('\n')[0]) : undefined),
      60_000,
    );

    process.kill(api.pid, 'SIGTERM');

    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain('SIGTERM received during start-up, stopping');
    expect(api.output()).toContain('Start-up stopped.');
    expect(api.output()).not.toContain('Server listening');
    expect(isRunning(serverPid)).toBe(false);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('while it waits for another instance to migrate: it stops at once, without listening', async () => {
    const database = await cloneTemplateDatabase();
    onTestFinished(() => database.drop());
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    onTestFinished(() => other.end());
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const api = await spawn({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET });
    await waitFor('the API to wait for the migration lock', async () =>
      api.output().includes('waiting for another instance to finish migrating the database') ? true : undefined,
    );

    process.kill(api.pid, 'SIGTERM');

    // The other instance still holds the lock: the API does not wait for it.
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain('Start-up stopped.');
    expect(api.output()).not.toContain('Server listening');
  });
});
