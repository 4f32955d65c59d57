import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Report, ScheduleStatus, TokenPair } from '@lawn/shared';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { APP_ROLE } from '../db/embedded';
import { WATCHDOG_NAME } from '../db/embedded-orphan';
import { bulkLoadCustomers } from '../db/seed/customers-seed';
import { DEMO_PASSWORD } from '../db/seed/demo-data';
import { seedDatabase } from '../db/seed/seed';
import { createLogger } from '../logger';
import { startApiProcess, type ApiProcess } from './api-process';
import { insertCustomers } from './customer-list-fixtures';
import { freePort } from './free-port';
import { TEST_JWT_SECRET } from './test-app';
import { waitFor } from './wait-for';

/*
 * The API killed with kill -9, as the kernel's out-of-memory killer does, on its embedded PostgreSQL (as `npm start`
 * runs it): the next start must succeed by itself, every write the API acknowledged must be there, and the jobs it was
 * running must finish after the restart without writing anything twice. One API process at a time, on one DATA_DIR.
 */

const WRITES = 200;
/** Enough properties that an export and a schedule Process take a few seconds, so the kill lands half-way. */
const PROPERTIES = 30_000;
const YEAR = new Date().getFullYear() + 1;
const ADMIN = 'admin@example.com';

let parent: string;
let dataDir: string;
let embeddedPgPort: string;
let api: ApiProcess | undefined;
/** The property ids PATCHed by the write test and the first name each acknowledged write set. */
const acknowledged = new Map<number, string>();

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.charAt(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** The embedded server's process, from its lock file. */
const serverPid = async () =>
  Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

/** The database the way the API connects to it: its own role, its password from DATA_DIR. */
async function openDatabase(): Promise<{ db: Database; pool: pg.Pool }> {
  const password = (await readFile(path.join(dataDir, 'postgres.app-password'), 'utf8')).trim();
  const url = `postgres://${APP_ROLE}:${password}@127.0.0.1:${embeddedPgPort}/lawn`;
  return createDatabase(url, createLogger({ level: 'silent' }), { max: 2 });
}

async function withDatabase<T>(work: (db: Database, pool: pg.Pool) => Promise<T>): Promise<T> {
  const { db, pool } = await openDatabase();
  try {
    return await work(db, pool);
  } finally {
    await pool.end();
  }
}

async function startApi(): Promise<ApiProcess> {
  api = await startApiProcess({
    jwtSecret: TEST_JWT_SECRET,
    dataDir,
    env: {
      EMBEDDED_PG_PORT: embeddedPgPort,
      // Both jobs must be under way together when the kill lands: each starts within half a second of its request.
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    },
  });
  return api;
}

async function signIn(on: ApiProcess): Promise<string> {
  const response = await on.request<{ data: TokenPair }>('POST', '/api/auth/login', {
    body: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.accessToken;
}

/** The watchdog process of this DATA_DIR's embedded server. */
async function watchdogPid(): Promise<number> {
  const cluster = path.join(dataDir, 'postgres');
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(`/proc/${entry}/cmdline`, 'utf8').then(
      (text) => text.split('\0'),
      (): string[] => [],
    );
    if (args.includes(WATCHDOG_NAME) && args.includes(cluster)) return Number(entry);
  }
  throw new Error('no watchdog found');
}

type JobsState = { report: string; reportRows: number; run: string; progress: number };

/**
 * Polls the report and the year's schedule run every 50 ms until `isReady` says so, and fails if either finishes
 * first (the kill would then not land half-way).
 */
async function waitForJobs(reportId: number, isReady: (state: JobsState) => boolean): Promise<JobsState> {
  return withDatabase(async (_db, pool) => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await pool.query<JobsState>(
        `select r.status as report, r.row_count as "reportRows", coalesce(s.status, 'none') as run,
                coalesce(s.progress, 0) as progress
           from reports r left join schedule_runs s on s.year = $2 where r.id = $1`,
        [reportId, YEAR],
      );
      const state = rows[0];
      if (state && (state.run === 'completed' || state.report === 'completed')) {
        throw new Error(`a job finished before the kill: ${JSON.stringify(state)}`);
      }
      if (state && isReady(state)) return state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('timed out waiting for both jobs to be under way');
  });
}

/** The first names of the given properties' customers. */
async function firstNames(propertyIds: number[]): Promise<Map<number, string>> {
  return withDatabase(async (_db, pool) => {
    const { rows } = await pool.query<{ id: number; first_name: string }>(
      'select p.id, c.first_name from properties p join customers c on c.id = p.customer_id where p.id = any($1)',
      [propertyIds],
    );
    return new Map(rows.map((row) => [row.id, row.first_name]));
  });
}

beforeAll(async () => {
  // A DATA_DIR whose parent others may enter, so that as root the cluster stays inside it.
  parent = await mkdtemp(path.join(tmpdir(), 'lawn-crash-'));
  await chmod(parent, 0o755);
  dataDir = path.join(parent, 'data');
  embeddedPgPort = String(await freePort());
}, 30_000);

afterAll(async () => {
  await api?.stop();
  await rm(parent, { recursive: true, force: true });
}, 60_000);

describe.runIf(process.platform === 'linux')('the API killed with kill -9', () => {
  it('loses no acknowledged write among 200 concurrent ones, leaves no database running, and starts again by itself', async () => {
    const first = await startApi();
    const propertyIds = await withDatabase(async (db) => {
      await seedDatabase(db, { demoProperties: 0 });
      return insertCustomers(
        db,
        Array.from({ length: WRITES }, (_, index) => ({ firstName: `Before${index}`, lastName: 'Crash' })),
      );
    });
    const token = await signIn(first);
    const database = await serverPid();

    // Every write names its property; the kill lands once some have been answered and the rest are in flight.
    let answered = 0;
    let killed: Promise<void> | undefined;
    const writes = propertyIds.map(async (id, index) => {
      const firstName = `After${index}`;
      try {
        const response = await first.request('PATCH', `/api/customers/${id}`, { token, body: { firstName } });
        if (response.status >= 200 && response.status < 300) acknowledged.set(id, firstName);
        else expect.unreachable(`write ${index} answered ${response.status}: ${JSON.stringify(response.body)}`);
      } catch {
        // The connection died with the process: not acknowledged.
      }
      answered += 1;
      if (answered === 20) killed = first.kill();
    });
    await Promise.all(writes);
    await killed;

    expect(acknowledged.size).toBeGreaterThanOrEqual(20);
    expect(acknowledged.size).toBeLessThan(WRITES);
    // The watchdog stops the database cleanly (a clean stop removes its lock file).
    await waitFor('the database to stop', async () => (isRunning(database) ? undefined : true), 30_000);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    await startApi();

    const names = await firstNames(propertyIds);
    for (const [id, firstName] of acknowledged) expect({ id, firstName: names.get(id) }).toEqual({ id, firstName });
    // A write that was not acknowledged is either done or not: never half-done.
    propertyIds.forEach((id, index) => expect([`Before${index}`, `After${index}`]).toContain(names.get(id)));
  }, 180_000);

  it('stops a database its watchdog could not (killed too) at the next start, which succeeds', async () => {
    const current = api as ApiProcess;
    const database = await serverPid();
    process.kill(await watchdogPid(), 'SIGKILL');
    await current.kill();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(isRunning(database)).toBe(true);

    const next = await startApi();

    expect(isRunning(database)).toBe(false);
    expect(next.logEntries().map((entry) => entry['msg'])).toContain(
      'stopping the embedded PostgreSQL that an earlier run left behind',
    );
    const names = await firstNames([...acknowledged.keys()]);
    for (const [id, firstName] of acknowledged) expect(names.get(id)).toBe(firstName);
  }, 120_000);

  it('finishes an export and a schedule Process that were killed half-way, after the restart, with no row twice', async () => {
    await withDatabase((db, pool) => bulkLoadCustomers(pool, db, { properties: PROPERTIES }));
    const current = api as ApiProcess;
    const token = await signIn(current);
    const expected = await current.request<{ total: number }>(
      'GET',
      '/api/customers?sort=fullName&render=paginate&limit=1',
      { token },
    );
    expect(expected.status).toBe(200);

    // Both jobs at once; the kill lands as soon as each has committed some of its work, well before either is done.
    const requested = await current.request<{ data: Report }>('POST', '/api/reports/customers', {
      token,
      body: { nameDoc: 'Crash export', typeDoc: 'xlsx', clients: 'all', query: { sort: 'fullName' } },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    const reportId = requested.body.data.id;
    const processed = await current.request('PUT', `/api/schedule?year=${YEAR}`, { token, body: { weeks: [] } });
    expect(processed.status, JSON.stringify(processed.body)).toBe(202);
    const halfWay = await waitForJobs(reportId, (state) => state.reportRows > 0 && state.progress > 0);
    await current.kill();
    expect(halfWay).toMatchObject({ report: 'in_progress', run: 'in_progress' });

    const next = await startApi();
    const nextToken = await signIn(next);

    const report = await waitFor(
      'the export',
      async () => {
        const response = await next.request<{ data: Report }>('GET', `/api/reports/${reportId}`, { token: nextToken });
        return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
      },
      120_000,
    );
    expect(report).toMatchObject({ status: 'completed', rowCount: expected.body.total, failureReason: null });
    const download = await fetch(`${next.baseUrl}/api/reports/${reportId}/download`, {
      headers: { authorization: `Bearer ${nextToken}` },
    });
    expect(download.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    // One header row, then one row per customer: none missing, none twice.
    expect((workbook.worksheets[0]?.actualRowCount ?? 0) - 1).toBe(expected.body.total);

    const run = await waitFor(
      'the schedule run',
      async () => {
        const response = await next.request<{ data: ScheduleStatus }>('GET', `/api/schedule/status?year=${YEAR}`, {
          token: nextToken,
        });
        return response.body.data.isProgress ? undefined : response.body.data;
      },
      120_000,
    );
    expect(run).toMatchObject({ status: 'completed', progress: run.total });
    const schedules = await withDatabase((_db, pool) =>
      pool.query<{ rows: number; properties: number }>(
        'select count(*)::int as rows, count(distinct property_id)::int as properties from property_schedules where year = $1',
        [YEAR],
      ),
    );
    const [counts] = schedules.rows;
    expect(counts?.rows).toBe(counts?.properties);
    expect(counts?.rows).toBeGreaterThan(PROPERTIES / 2);
  }, 300_000);
});
