import type { Report } from '@lawn/shared';
import { parse } from 'csv-parse/sync';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { reports, storedFiles } from '../db/schema';
import { createLogger } from '../logger';
import { resumeUnfinishedReports, runCustomerExport } from '../modules/reports/reports.service';
import { insertCustomers } from '../test/customer-list-fixtures';
import { createFileStorage } from '../storage/configured-storage';
import type { FileStorage } from '../storage/file-storage';
import { freePort } from '../test/free-port';
import { useTestContext, type TestUser } from '../test/test-app';
import { customerExportJob } from './customer-export.job';
import type { JobContext } from './job';

// No workers here: the handler is run by hand, so every step is observed without racing a worker.
const t = useTestContext();
const log = createLogger({ level: 'silent' });
const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };

let owner: TestUser;
let headers: { authorization: string };
/** A file store that cannot be reached: S3 at a port where nothing listens. */
let unreachableStore: Config;

beforeAll(async () => {
  owner = await t.createUser({ role: 'Manager' });
  headers = await t.authHeaders(owner);
  await insertCustomers(t.db, [
    { firstName: 'Zoe', lastName: 'Adams', serviceAddress: '1 Oak St, Unit "B"' },
    { firstName: 'Bob', lastName: 'Brown' },
    { firstName: 'Al', lastName: 'Evans' },
  ]);
  unreachableStore = {
    ...t.config,
    storage: 's3',
    s3Bucket: 'lawn-files',
    s3Endpoint: `http://127.0.0.1:${await freePort()}`,
    s3AccessKeyId: 'key',
    s3SecretAccessKey: 'secret',
    s3ForcePathStyle: true,
  };
});

const context = (overrides: Partial<JobContext> = {}): JobContext => ({
  db: t.db,
  mailer,
  config: t.config,
  log,
  jobs: t.jobs,
  ...overrides,
});

async function requestCsv(query: Record<string, string> = { sort: 'fullName' }): Promise<Report> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reports/customers',
    headers,
    payload: { nameDoc: 'Job test', typeDoc: 'csv', clients: 'all', query },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ data: Report }>().data;
}

async function row(id: number) {
  const [found] = await t.db.select().from(reports).where(eq(reports.id, id));
  return found;
}

const fileKey = (id: number) => `reports/${owner.id}/${id}-job-test.csv`;

async function storedFile(key: string) {
  const [found] = await t.db.select().from(storedFiles).where(eq(storedFiles.key, key));
  return found;
}

async function queuedJobs(reportId: number): Promise<number> {
  const result = await t.pool.query(
    `select count(*)::int as total from pgboss.job where name = 'customer-export' and (data->>'reportId')::int = $1`,
    [reportId],
  );
  return (result.rows[0] as { total: number }).total;
}

describe('customer-export job', () => {
  it('is queued with the report, and moves it requested -> in_progress -> completed', async () => {
    const report = await requestCsv();
    expect(report.status).toBe('requested');
    expect(await queuedJobs(report.id)).toBe(1);

    const storage = createFileStorage(t);
    const seen: string[] = [];
    const watching: FileStorage = {
      ...storage,
      put: async (key, source) => {
        seen.push((await row(report.id))?.status ?? 'missing');
        return storage.put(key, source);
      },
    };
    await runCustomerExport({ db: t.db, storage: watching, log }, report.id, { isLastAttempt: true });
    expect(seen).toEqual(['in_progress']);

    const done = await row(report.id);
    expect(done).toMatchObject({ status: 'completed', rowCount: 3, failureReason: null, filePath: fileKey(report.id) });
    expect(done?.completedAt).toBeInstanceOf(Date);
    const file = await storage.read(fileKey(report.id));
    const csv = parse(((await file?.stream.toArray()) ?? []).join(''), { bom: true }) as string[][];
    expect(csv.map((record) => record[0])).toEqual(['Customer', 'Al Evans', 'Bob Brown', 'Zoe Adams']);
    expect(csv[3]?.[1]).toBe('1 Oak St, Unit "B"');
  });

  it('does nothing when run again for a completed report', async () => {
    const report = await requestCsv();
    await customerExportJob.handler({ reportId: report.id }, context());
    const first = await row(report.id);
    const written = await storedFile(fileKey(report.id));
    expect(written).toBeDefined();

    await customerExportJob.handler({ reportId: report.id }, context());
    expect(await row(report.id)).toEqual(first);
    // The very same stored file: not written again.
    expect(await storedFile(fileKey(report.id))).toEqual(written);
  });

  it('leaves a failed attempt to the queue’s retries, marks the last one failed, and can be retried', async () => {
    const report = await requestCsv();
    const broken = context({ config: unreachableStore });

    await expect(
      customerExportJob.handler({ reportId: report.id }, { ...broken, attempt: { retryCount: 0, retryLimit: 2 } }),
    ).rejects.toThrow();
    expect(await row(report.id)).toMatchObject({ status: 'in_progress', failureReason: null });

    await expect(
      customerExportJob.handler({ reportId: report.id }, { ...broken, attempt: { retryCount: 2, retryLimit: 2 } }),
    ).rejects.toThrow();
    const failed = await row(report.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'The report file could not be stored: the file store cannot be reached. Please try again later.',
      filePath: null,
    });

    // Shown to the owner through the API; only then does retry accept it.
    const shown = await t.app.inject({ url: `/api/reports/${report.id}`, headers });
    expect(shown.json().data).toMatchObject({ status: 'failed', failureReason: failed?.failureReason });
    const retried = await t.app.inject({ method: 'POST', url: `/api/reports/${report.id}/retry`, headers });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({
      data: { status: 'requested', failureReason: null },
      message: 'The report is being processed',
    });
    expect(await queuedJobs(report.id)).toBe(2);
    const again = await t.app.inject({ method: 'POST', url: `/api/reports/${report.id}/retry`, headers });
    expect(again.statusCode).toBe(409);

    await customerExportJob.handler({ reportId: report.id }, context({ attempt: { retryCount: 0, retryLimit: 2 } }));
    expect(await row(report.id)).toMatchObject({ status: 'completed', rowCount: 3, failureReason: null });
  });

  it('fails at once, without retries, when the saved selection is no longer valid', async () => {
    const report = await requestCsv();
    await t.db
      .update(reports)
      .set({ query: sql`jsonb_set(${reports.query}, '{query}', '{"filter[shoeSize]": "42"}')` })
      .where(eq(reports.id, report.id));

    // Resolves (the queue must not retry) although it is not the last attempt.
    await customerExportJob.handler({ reportId: report.id }, context({ attempt: { retryCount: 0, retryLimit: 2 } }));
    expect(await row(report.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The saved selection is no longer valid: Unknown filter: shoeSize',
    });
    const leftovers = await t.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(like(storedFiles.key, `reports/${owner.id}/${report.id}-%`));
    expect(leftovers).toEqual([]);
  });

  it('does nothing for a report deleted before its job ran', async () => {
    const report = await requestCsv();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/reports/${report.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    await expect(customerExportJob.handler({ reportId: report.id }, context())).resolves.toBeUndefined();
    expect(await row(report.id)).toBeUndefined();
    expect(await createFileStorage(t).stat(fileKey(report.id))).toBeNull();
  });

  it('is queued again when the app starts while its report is unfinished (its worker died with the last process)', async () => {
    const report = await requestCsv();
    // What a process killed half-way through the export leaves: the report in progress, its job taken.
    await t.db.update(reports).set({ status: 'in_progress', rowCount: 1000 }).where(eq(reports.id, report.id));
    expect(await queuedJobs(report.id)).toBe(1);

    expect(await resumeUnfinishedReports({ db: t.db, jobs: t.jobs, log })).toBeGreaterThanOrEqual(1);
    expect(await queuedJobs(report.id)).toBe(2);

    await customerExportJob.handler({ reportId: report.id }, context());
    expect(await row(report.id)).toMatchObject({ status: 'completed', rowCount: 3 });
    await resumeUnfinishedReports({ db: t.db, jobs: t.jobs, log });
    expect(await queuedJobs(report.id)).toBe(2);
  });
});
