import type { Report, TokenPair } from '@lawn/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { storedFiles, users } from '../db/schema';
import { createS3Client, createS3FileStorage } from '../storage/s3-storage';
import type { ApiProcess } from './api-process';
import { startS3TestServer, type S3TestServer } from './s3-test-server';
import { closeScaleOut, openScaleOutDatabase, startApiProcesses, type ScaleOutDatabase } from './scale-out-fixture';
import { TEST_PASSWORD } from './test-app';
import { waitFor } from './wait-for';

/**
 * The same scale-out with STORAGE=s3: two API processes on one database and one bucket (a local S3-compatible server
 * over HTTP). Exports requested through either process land in the bucket, not in the database, and every one
 * downloads through both.
 */

const EXPORTS = 4;
const CUSTOMERS = 12;
const email = 'two-processes-s3@example.com';

let opened: ScaleOutDatabase;
let db: Database;
let s3: S3TestServer;
let processes: ApiProcess[];

beforeAll(async () => {
  opened = await openScaleOutDatabase({ email, firstName: 'Sam' }, CUSTOMERS);
  ({ db } = opened);
  s3 = await startS3TestServer();
  processes = await startApiProcesses(opened.database.url, [{ env: s3.env }, { env: s3.env }]);
}, 180_000);

afterAll(async () => {
  await closeScaleOut(processes, opened);
  await s3?.close();
}, 60_000);

describe('two API processes on one database with files in S3-compatible storage', () => {
  it('serves every export through both processes from the bucket', async () => {
    const [first] = processes as [ApiProcess, ApiProcess];
    const signedIn = await first.request<{ data: TokenPair }>('POST', '/api/auth/login', {
      body: { email, password: TEST_PASSWORD },
    });
    const token = signedIn.body.data.accessToken;
    const requested: Report[] = [];
    for (let index = 0; index < EXPORTS; index += 1) {
      const response = await (processes[index % 2] as ApiProcess).request<{ data: Report }>(
        'POST',
        '/api/reports/customers',
        { token, body: { nameDoc: `Export ${index}`, typeDoc: 'csv', clients: 'all', query: { sort: 'fullName' } } },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      requested.push(response.body.data);
    }
    for (const report of requested) {
      const done = await waitFor(`report ${report.id}`, async () => {
        const response = await first.request<{ data: Report }>('GET', `/api/reports/${report.id}`, { token });
        return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
      });
      expect(done).toMatchObject({ status: 'completed', rowCount: CUSTOMERS, failureReason: null });
      const downloads = await Promise.all(
        processes.map((api) => api.request<string>('GET', `/api/reports/${report.id}/download`, { token })),
      );
      expect(downloads.map((download) => download.status)).toEqual([200, 200]);
      expect(downloads[1]?.body).toBe(downloads[0]?.body);
      expect(downloads[0]?.body.split('\n').filter(Boolean)).toHaveLength(CUSTOMERS + 1);
    }

    // In the bucket, under the report's key; nothing in the database's own store.
    const bucket = createS3FileStorage(createS3Client({ region: 'us-east-1', forcePathStyle: true, ...s3 }), s3.bucket);
    const [owner] = await db.select({ id: users.id }).from(users);
    for (const report of requested) {
      expect(await bucket.stat(`reports/${owner?.id}/${report.id}-${report.filename}`)).not.toBeNull();
    }
    expect(await db.select({ total: count() }).from(storedFiles)).toEqual([{ total: 0 }]);
  });
});
