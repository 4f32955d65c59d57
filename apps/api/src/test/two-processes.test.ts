import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Report, ScheduleStatus, TokenPair } from '@lawn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { refreshTokens, reports, users, type ReportRow } from '../db/schema';
import { REFRESH_REUSE_GRACE_SECONDS } from '../modules/auth/auth.service';
import { hashSecretToken } from '../modules/auth/secret-token';
import type { ApiProcess } from './api-process';
import { closeScaleOut, openScaleOutDatabase, startApiProcesses, type ScaleOutDatabase } from './scale-out-fixture';
import { TEST_PASSWORD } from './test-app';
import { waitFor } from './wait-for';

/**
 * Scaling out means running more API processes on one database (the same DATABASE_URL and JWT_SECRET, each with its
 * own port and DATA_DIR). Every process runs job workers on the shared pg-boss queue, so a job must still run exactly
 * once whichever process queued it, and a session started on one process must work, rotate and end on any other.
 *
 * Files are kept in the shared file store (PostgreSQL by default, so nothing but the database is shared): every report
 * downloads through either process, whichever process's worker wrote it, and no file lands in a process's DATA_DIR.
 */

const EXPORTS = 8;
const CUSTOMERS = 60;
// A year after the current one: Process plans the whole year, whatever the date the suite runs on.
const YEAR = new Date().getFullYear() + 1;

let opened: ScaleOutDatabase;
let db: Database;
let pool: pg.Pool;
let first: ApiProcess;
let second: ApiProcess;
let processes: ApiProcess[];
let oldReport: ReportRow;
const email = 'two-processes@example.com';
const OLD_REPORT_CSV = 'Customer\nZoe Adams\n';

beforeAll(async () => {
  opened = await openScaleOutDatabase({ email, firstName: 'Dana' }, CUSTOMERS);
  ({ db, pool } = opened);
  // A report an older version wrote to the first process's own disk, before files were kept in the shared store.
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [old] = await db
    .insert(reports)
    .values({
      userId: owner?.id ?? 0,
      name: 'Written before the upgrade',
      filename: 'written-before-the-upgrade.csv',
      format: 'csv',
      query: {},
      status: 'completed',
      rowCount: 1,
      filePath: `reports/${owner?.id}/1-written-before-the-upgrade.csv`,
      completedAt: new Date(),
    })
    .returning();
  oldReport = old as ReportRow;
  const prepareDataDir = async (dataDir: string) => {
    const file = path.join(dataDir, 'files', ...(oldReport.filePath ?? '').split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, OLD_REPORT_CSV);
  };
  processes = await startApiProcesses(opened.database.url, [{ prepareDataDir }, {}]);
  [first, second] = processes as [ApiProcess, ApiProcess];
}, 180_000);

afterAll(() => closeScaleOut(processes, opened), 60_000);

async function signIn(on: ApiProcess): Promise<TokenPair> {
  const response = await on.request<{ data: TokenPair }>('POST', '/api/auth/login', {
    body: { email, password: TEST_PASSWORD },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

async function refresh(on: ApiProcess, refreshToken: string) {
  return on.request<{ data: TokenPair }>('POST', '/api/auth/refresh', { body: { refreshToken } });
}

async function me(on: ApiProcess, accessToken: string) {
  return on.request<{ data: { email: string } }>('GET', '/api/me', { token: accessToken });
}

type QueuedJob = { key: number; state: string; retry_count: number };

/** Jobs of a queue, whether pg-boss still holds them as jobs or has moved them to its archive. */
async function jobsOf(name: string, key: string): Promise<QueuedJob[]> {
  const { rows } = await databaseQuery<QueuedJob>(
    `select (data->>$2)::int as key, state::text as state, retry_count from pgboss.job where name = $1
     union all
     select (data->>$2)::int, state::text, retry_count from pgboss.archive where name = $1
     order by 1`,
    [name, key],
  );
  return rows;
}

async function databaseQuery<Row>(text: string, values: unknown[] = []): Promise<{ rows: Row[] }> {
  const result = await pool.query(text, values);
  return { rows: result.rows as Row[] };
}

/** Log lines of both processes with this message, e.g. how often a job's work was done. */
function logsWithMessage(message: string): Record<string, unknown>[] {
  return processes.flatMap((api) => api.logEntries().filter((entry) => entry['msg'] === message));
}

describe('two API processes on one database', () => {
  it('runs each export and each schedule Process exactly once, whichever process it was requested through', async () => {
    const { accessToken } = await signIn(first);
    const requested: number[] = [];
    for (let index = 0; index < EXPORTS; index += 1) {
      const through = processes[index % 2] as ApiProcess;
      const response = await through.request<{ data: Report }>('POST', '/api/reports/customers', {
        token: accessToken,
        body: { nameDoc: `Export ${index}`, typeDoc: 'csv', clients: 'all', query: { sort: 'fullName' } },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      requested.push(response.body.data.id);
    }
    const processed = await second.request('PUT', `/api/schedule?year=${YEAR}`, {
      token: accessToken,
      body: { weeks: [] },
    });
    expect(processed.status, JSON.stringify(processed.body)).toBe(202);

    let poll = 0;
    const nextProcess = () => processes[(poll += 1) % 2] as ApiProcess;
    for (const id of requested) {
      const report = await waitFor(`report ${id}`, async () => {
        const response = await nextProcess().request<{ data: Report }>('GET', `/api/reports/${id}`, {
          token: accessToken,
        });
        const status = response.body.data.status;
        return status === 'completed' || status === 'failed' ? response.body.data : undefined;
      });
      expect(report).toMatchObject({ status: 'completed', rowCount: CUSTOMERS, failureReason: null });
    }
    const run = await waitFor('the schedule run', async () => {
      const response = await nextProcess().request<{ data: ScheduleStatus }>(
        'GET',
        `/api/schedule/status?year=${YEAR}`,
        { token: accessToken },
      );
      return response.body.data.isProgress ? undefined : response.body.data;
    });
    expect(run).toMatchObject({ status: 'completed', total: CUSTOMERS, progress: CUSTOMERS });

    // One queue job per report, finished at its first attempt.
    expect(await jobsOf('customer-export', 'reportId')).toEqual(
      requested.map((id) => ({ key: id, state: 'completed', retry_count: 0 })),
    );
    // Each export was written once: one completion between both processes, no second run that found it done.
    const completions = logsWithMessage('report completed').map((entry) => entry['reportId']);
    expect(completions.toSorted()).toEqual(requested.toSorted());
    expect(logsWithMessage('report already completed or deleted: nothing to do')).toEqual([]);
    expect(logsWithMessage('job failed')).toEqual([]);
    // ... and every file downloads through both processes, the same bytes from each, whichever process wrote it.
    for (const id of requested) {
      const [fromFirst, fromSecond] = await Promise.all(
        processes.map((api) => api.request<string>('GET', `/api/reports/${id}/download`, { token: accessToken })),
      );
      expect(fromFirst?.status, `report ${id} through the first process`).toBe(200);
      expect(fromSecond?.status, `report ${id} through the second process`).toBe(200);
      expect(fromSecond?.body).toBe(fromFirst?.body);
      expect(fromFirst?.body.split('\n').filter(Boolean)).toHaveLength(CUSTOMERS + 1);
    }
    const rows = await db.select().from(reports).where(inArray(reports.id, requested));
    for (const row of rows) {
      const key = row.filePath ?? '';
      const onDisk = processes.filter((api) => existsSync(path.join(api.dataDir, 'files', ...key.split('/'))));
      expect({ report: row.id, onDisk: onDisk.length }).toEqual({ report: row.id, onDisk: 0 });
    }

    // The schedule run: one run row, one job, run once, and one schedule row per property.
    const runs = await databaseQuery<{ id: number; status: string; progress: number }>(
      'select id, status, progress from schedule_runs where year = $1',
      [YEAR],
    );
    expect(runs.rows).toEqual([{ id: expect.any(Number), status: 'completed', progress: CUSTOMERS }]);
    expect(await jobsOf('schedule-process', 'runId')).toEqual([
      { key: runs.rows[0]?.id, state: 'completed', retry_count: 0 },
    ]);
    expect(logsWithMessage('schedule run started')).toHaveLength(1);
    expect(logsWithMessage('schedule run completed')).toHaveLength(1);
    const schedules = await databaseQuery<{ total: number; properties: number }>(
      'select count(*)::int as total, count(distinct property_id)::int as properties from property_schedules where year = $1',
      [YEAR],
    );
    expect(schedules.rows).toEqual([{ total: CUSTOMERS, properties: CUSTOMERS }]);
  });

  it('moved the files an older version left on a process’s disk into the store at start, served by both', async () => {
    const { accessToken } = await signIn(second);
    for (const api of processes) {
      const response = await api.request<string>('GET', `/api/reports/${oldReport.id}/download`, {
        token: accessToken,
      });
      expect(response.status, api.baseUrl).toBe(200);
      expect(response.body).toBe(OLD_REPORT_CSV);
    }
    expect(existsSync(path.join(first.dataDir, 'files'))).toBe(false);
    expect(logsWithMessage('local files moved into the file store')).toEqual([
      expect.objectContaining({ moved: 1, alreadyStored: 0 }),
    ]);
  });

  it('serves one session on both: signed in on one, used and refreshed on the other, ended by a logout on either', async () => {
    const signedIn = await signIn(first);
    expect((await me(second, signedIn.accessToken)).body.data.email).toBe(email);

    const rotated = await refresh(second, signedIn.refreshToken);
    expect(rotated.status).toBe(200);
    expect((await me(first, rotated.body.data.accessToken)).status).toBe(200);
    // The token spent on the second process is spent on the first too.
    const again = await refresh(first, rotated.body.data.refreshToken);
    expect(again.status).toBe(200);

    const loggedOut = await second.request('POST', '/api/auth/logout', {
      body: { refreshToken: again.body.data.refreshToken },
    });
    expect(loggedOut.status).toBe(200);
    expect((await refresh(first, again.body.data.refreshToken)).status).toBe(401);
  });

  it('answers a refresh retried on the other process the same pair, and a later replay ends the session on both', async () => {
    const signedIn = await signIn(second);
    const rotated = await refresh(first, signedIn.refreshToken);
    expect(rotated.status).toBe(200);
    const retried = await refresh(second, signedIn.refreshToken);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toEqual(rotated.body.data);

    // Past the grace window, the spent token is a replay: stolen.
    await db
      .update(refreshTokens)
      .set({ usedAt: sql`${refreshTokens.usedAt} - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})` })
      .where(eq(refreshTokens.tokenHash, hashSecretToken(signedIn.refreshToken)));
    expect((await refresh(second, signedIn.refreshToken)).status).toBe(401);
    expect((await refresh(first, rotated.body.data.refreshToken)).status).toBe(401);
  });

  // Access tokens carry their session, which every request checks in the database: a logout on one process ends the
  // access token on the other at once.
  it('refuses the access token on one process once its session was ended on the other', async () => {
    const signedIn = await signIn(first);
    expect((await me(second, signedIn.accessToken)).status).toBe(200);
    await first.request('POST', '/api/auth/logout', { body: { refreshToken: signedIn.refreshToken } });
    expect((await me(second, signedIn.accessToken)).status).toBe(401);
  });
});
