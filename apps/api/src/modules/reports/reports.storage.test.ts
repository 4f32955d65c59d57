import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createFileStorage } from '../../storage/configured-storage';
import { freePort } from '../../test/free-port';
import { createTestContext, type TestContext, type TestUser } from '../../test/test-app';

/** Downloads and e-mails of reports whose file is missing from the store, or whose store cannot be reached. */

let t: TestContext;
/** The same product with S3 storage at a port where nothing listens. */
let cut: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext({ captureLogs: true });
  cut = await createTestContext({
    config: {
      storage: 's3',
      s3Bucket: 'lawn-files',
      s3Endpoint: `http://127.0.0.1:${await freePort()}`,
      s3AccessKeyId: 'key',
      s3SecretAccessKey: 'secret',
      s3ForcePathStyle: true,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await cut?.close();
});

/** A completed report as the export job leaves it, its file under `filePath` (or not). */
async function completedReport(context: TestContext, user: TestUser, filePath: string): Promise<number> {
  const [row] = await context.db
    .insert(reports)
    .values({
      userId: user.id,
      name: 'March',
      filename: 'march.csv',
      format: 'csv',
      query: {},
      status: 'completed',
      rowCount: 2,
      filePath,
      completedAt: new Date(),
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('report not inserted');
  return row.id;
}

describe('a completed report whose file is missing from the store', () => {
  it('answers 404 with a plain message on download and send, and logs which file is missing', async () => {
    owner = await t.createUser({ role: 'Manager' });
    const headers = await t.authHeaders(owner);
    const key = `reports/${owner.id}/999-march.csv`;
    const id = await completedReport(t, owner, key);

    const downloaded = await t.app.inject({ url: `/api/reports/${id}/download`, headers });
    expect(downloaded.statusCode).toBe(404);
    expect(downloaded.json()).toEqual({ message: 'The report file is no longer available' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/reports/${id}/send`,
      headers,
      payload: { emails: ['boss@example.com'] },
    });
    expect(sent.statusCode).toBe(404);
    expect(sent.json()).toEqual({ message: 'The report file is no longer available' });

    const missing = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry['msg'] === 'report file missing from the file store');
    expect(missing).toEqual([
      expect.objectContaining({ level: 40, reportId: id, storageKey: key }),
      expect.objectContaining({ level: 40, reportId: id, storageKey: key }),
    ]);

    // Once the file is back in the store, the same report downloads.
    await createFileStorage(t).put(key, Readable.from(['Customer\nZoe Adams\n']));
    const again = await t.app.inject({ url: `/api/reports/${id}/download`, headers });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('Customer\nZoe Adams\n');
  });
});

describe('a store that cannot be reached', () => {
  it('answers 503 to download, send and delete, and the report stays', async () => {
    const user = await cut.createUser({ role: 'Manager' });
    const headers = await cut.authHeaders(user);
    const id = await completedReport(cut, user, `reports/${user.id}/1-march.csv`);
    const unavailable = { message: 'The file store cannot be reached right now. Please try again later.' };

    const downloaded = await cut.app.inject({ url: `/api/reports/${id}/download`, headers });
    expect(downloaded.statusCode).toBe(503);
    expect(downloaded.json()).toEqual(unavailable);
    const sent = await cut.app.inject({
      method: 'POST',
      url: `/api/reports/${id}/send`,
      headers,
      payload: { emails: ['boss@example.com'] },
    });
    expect(sent.statusCode).toBe(503);
    expect(sent.json()).toEqual(unavailable);
    const deleted = await cut.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers });
    expect(deleted.statusCode).toBe(503);
    expect(deleted.json()).toEqual(unavailable);
    expect(await cut.db.select({ id: reports.id }).from(reports).where(eq(reports.id, id))).toEqual([{ id }]);
  });
});
