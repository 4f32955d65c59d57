import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { createLogger } from '../../logger';
import { databaseUrl } from '../../test/database-url';
import { freePort } from '../../test/free-port';
import { useTestContext } from '../../test/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from '../../http/error-handler';

const t = useTestContext();

/** The app on a database it cannot use (a database that does not exist, a port where nothing listens). */
async function appOn(url: string, run: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
  const log = createLogger({ level: 'silent' });
  const { pool, db } = createDatabase(url, log, { max: 1 });
  const app = await buildApp({
    config: t.config,
    db,
    jobs: t.jobs,
    mailer: { send: async () => ({ messageId: '' }), close: () => undefined },
    logger: log,
    checkResponses: true,
  });
  try {
    await run(app);
  } finally {
    await app.close();
    await pool.end();
  }
}

describe('GET /api/health', () => {
  it('answers ok when the database answers, without a token', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    await appOn(databaseUrl(inject('testDatabase').adminUrl, 'no_such_database'), async (app) => {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    });
  });

  it('is what every route answers while the database is down: 503 with Retry-After, never 500', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const headers = await t.authHeaders(admin);
    await appOn(`postgres://lawn@127.0.0.1:${await freePort()}/lawn`, async (app) => {
      for (const url of ['/api/health', '/api/customers', '/api/web/zip-code/75201']) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe(String(RETRY_AFTER_SECONDS));
        expect(response.json(), url).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
    });
  });
});
