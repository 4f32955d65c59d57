import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startJobQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { freePort } from '../test/free-port';
import { createDatabase } from './client';
import { APP_ROLE, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { secretFilesOf } from './embedded-secrets';
import { requiredExtensions, runMigrations } from './migrate';

const log = createLogger({ level: 'silent' });

async function query<Row extends object>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The SQLSTATE of connecting with `password` instead of the URL's own. */
async function connectError(url: string, password: string): Promise<string | undefined> {
  const parsed = new URL(url);
  parsed.password = password;
  try {
    await query(parsed.toString(), 'select 1');
    return undefined;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

/** Migrates and installs the job queue's schema through `url`, as the app does at start. */
async function migrateAndStartJobs(url: string): Promise<void> {
  const { pool } = createDatabase(url, log, { max: 2 });
  await runMigrations(pool).finally(() => pool.end());
  const jobs = await startJobQueue({ databaseUrl: url, log, pollingIntervalSeconds: 1, background: false });
  await jobs.stop();
}

/** A folder for a cluster, which (as root) the postgres user can reach. */
async function clusterFolder(): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'lawn-roles-'));
  await chmod(parent, 0o755);
  onTestFinished(() => rm(parent, { recursive: true, force: true }));
  return path.join(parent, 'postgres');
}

async function start(databaseDir: string, port: number, logger = log): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ databaseDir, port, log: logger, fast: true });
  onTestFinished(() => server.stop());
  return server;
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

/** Objects of the app's schemas that its role does not own (what the superuser still owns). */
const NOT_OWNED_BY_APP = `
  select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p', 'v', 'm', 'S')
     and pg_get_userbyid(c.relowner) <> $1
  union all
  select nspname from pg_namespace where nspname in ('drizzle', 'pgboss') and pg_get_userbyid(nspowner) <> $1
  order by 1`;

describe('embedded PostgreSQL roles and passwords', () => {
  it('finds the extensions the migrations create, for the superuser to create first', () => {
    expect(requiredExtensions()).toContain('pg_trgm');
  });

  it('generates both passwords, kept 0600, and connects the app as an ordinary role that owns its database', async () => {
    const databaseDir = await clusterFolder();
    const server = await start(databaseDir, await freePort());

    const files = secretFilesOf(databaseDir);
    expect(await modeOf(files.superuser)).toBe(0o600);
    expect(await modeOf(files.app)).toBe(0o600);
    const superuserPassword = (await readFile(files.superuser, 'utf8')).trim();
    expect(superuserPassword.length).toBeGreaterThanOrEqual(40);
    expect(new URL(server.appUrl).password).toBe((await readFile(files.app, 'utf8')).trim());

    const [me] = await query<{ role: string; isSuperuser: boolean; ownsDatabase: boolean }>(
      server.appUrl,
      `select current_user as role, rolsuper as "isSuperuser",
              pg_get_userbyid(d.datdba) = current_user as "ownsDatabase"
         from pg_roles, pg_database d where rolname = current_user and d.datname = current_database()`,
    );
    expect(me).toEqual({ role: APP_ROLE, isSuperuser: false, ownsDatabase: true });
    // The fixed password of older versions opens nothing.
    expect(await connectError(server.superuserUrlFor('postgres'), 'postgres')).toBe('28P01');

    await migrateAndStartJobs(server.appUrl);
    expect(await query(server.appUrl, NOT_OWNED_BY_APP, [APP_ROLE])).toEqual([]);
    const [trigram] = await query<{ similarity: number }>(server.appUrl, "select similarity('lawn', 'lawns')");
    expect(trigram?.similarity).toBeGreaterThan(0);
  });

  it('replaces the fixed password of a cluster an older version created, and hands its tables to the app role', async () => {
    const databaseDir = await clusterFolder();
    const port = await freePort();
    // What an older version left: the superuser's password is the fixed one, no app role and no password files, and
    // the app's database, its tables, the migration journal and the job queue all belong to the superuser.
    const first = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    const legacyUrl = (database: string) => {
      const url = new URL(first.superuserUrlFor(database));
      url.password = 'postgres';
      return url.toString();
    };
    await query(first.superuserUrlFor('postgres'), "alter role current_user with password 'postgres'");
    await query(legacyUrl('postgres'), `alter database lawn owner to postgres`);
    await query(legacyUrl('postgres'), `drop role ${APP_ROLE}`);
    await migrateAndStartJobs(legacyUrl('lawn'));
    await query(legacyUrl('lawn'), "insert into states (code, name, is_active) values ('ZZ', 'Legacy', true)");
    await first.stop();
    const files = secretFilesOf(databaseDir);
    await rm(files.superuser);
    await rm(files.app);

    const lines: string[] = [];
    const recording = createLogger({ level: 'info', stream: { write: (line: string) => void lines.push(line) } });
    const server = await start(databaseDir, port, recording);

    const messages = lines.map((line) => JSON.parse(line) as { msg: string; objects?: number });
    expect(messages.map((entry) => entry.msg)).toContain(
      'replaced the fixed superuser password of the embedded PostgreSQL by a generated one, kept in DATA_DIR',
    );
    const handOver = messages.find((entry) => entry.msg === 'the app role now owns the tables the superuser owned');
    expect(handOver?.objects).toBeGreaterThan(20);
    expect(await connectError(server.superuserUrlFor('postgres'), 'postgres')).toBe('28P01');
    expect(await modeOf(files.superuser)).toBe(0o600);
    expect(await modeOf(files.app)).toBe(0o600);
    const [role] = await query<{ rolsuper: boolean }>(
      server.appUrl,
      'select rolsuper from pg_roles where rolname = current_user',
    );
    expect(role).toEqual({ rolsuper: false });
    expect(await query(server.appUrl, NOT_OWNED_BY_APP, [APP_ROLE])).toEqual([]);
    // The data is there, and the app's role migrates, runs the job queue and writes as before.
    expect(await query(server.appUrl, "select name from states where code = 'ZZ'")).toEqual([{ name: 'Legacy' }]);
    await migrateAndStartJobs(server.appUrl);
    await query(server.appUrl, "update states set name = 'Kept' where code = 'ZZ'");
  });

  it('repairs a start that wrote the new password but crashed before the server took it', async () => {
    const databaseDir = await clusterFolder();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ databaseDir, port, log, fast: true });
    await query(first.superuserUrlFor('postgres'), "alter role current_user with password 'postgres'");
    await first.stop();
    expect(existsSync(secretFilesOf(databaseDir).superuser)).toBe(true);

    const server = await start(databaseDir, port);

    expect(await connectError(server.superuserUrlFor('postgres'), 'postgres')).toBe('28P01');
    expect(await query(server.superuserUrlFor('postgres'), 'select 1 as ok')).toEqual([{ ok: 1 }]);
  });
});
