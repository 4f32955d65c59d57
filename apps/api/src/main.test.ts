import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createDatabase } from './db/client';
import { users } from './db/schema';
import { seedDatabase } from './db/seed/seed';
import { createLogger } from './logger';
import { hashPassword } from './modules/auth/auth.service';
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

describe('the demo sign-ins and the network', () => {
  it('listens on 127.0.0.1 only unless HOST says otherwise', async () => {
    const database = await cloneTemplateDatabase();
    onTestFinished(() => database.drop());
    // HOST set empty counts as unset.
    const api = await spawn({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, env: { HOST: '' } });

    await api.waitUntilHealthy();

    const listening = api.logEntries().filter((entry) => String(entry['msg']).startsWith('Server listening at'));
    expect(listening.map((entry) => entry['msg'])).toEqual([`Server listening at http://127.0.0.1:${api.port}`]);
  });

  it('refuses to listen on every interface while a demo account has the demo password, and says what to do', async () => {
    const database = await cloneTemplateDatabase();
    onTestFinished(() => database.drop());
    const { db, pool } = createDatabase(database.url, createLogger({ level: 'silent' }), { max: 2 });
    onTestFinished(() => pool.end());
    await seedDatabase(db, { demoProperties: 0 });
    // Changing some of the passwords is not enough.
    const changed = await hashPassword('a-password-of-our-own');
    await db.update(users).set({ passwordHash: changed }).where(eq(users.email, 'manager@example.com'));
    const env = { HOST: '0.0.0.0' };

    const refused = await spawn({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, env });

    expect(await refused.exited).toEqual({ code: 1, signal: null });
    const lines = refused.output().split('\n');
    expect(lines).toContain(
      'Start-up failed: Refusing to listen on 0.0.0.0, which other machines may reach: the demo accounts ' +
        'admin@example.com, crew@example.com, representative@example.com, service@example.com still have the demo ' +
        'password from the README. Change their passwords (or delete them; on a new database, set ' +
        'SEED_DEMO_DATA=false), or leave HOST unset to serve this machine only.',
    );
    expect(refused.output()).not.toContain('Server listening');

    await db.update(users).set({ passwordHash: changed });
    const api = await spawn({ databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET, env });
    await api.waitUntilHealthy();
    expect(api.output()).toContain(`Server listening at http://127.0.0.1:${api.port}`);
  });
});
