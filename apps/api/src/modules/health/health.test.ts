import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { createLogger } from '../../logger';
import { databaseUrl } from '../../test/database-url';
import { useTestContext } from '../../test/test-app';
import { DATABASE_UNAVAILABLE_MESSAGE } from './health.routes';

const t = useTestContext();

describe('GET /api/health', () => {
  it('answers ok when the database answers, without a token', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const log = createLogger({ level: 'silent' });
    const missing = databaseUrl(inject('testDatabase').adminUrl, 'no_such_database');
    const { pool, db } = createDatabase(missing, log, { max: 1 });
    const app = await buildApp({
      config: t.config,
      db,
      jobs: t.jobs,
      mailer: { send: async () => ({ messageId: '' }), close: () => undefined },
      logger: log,
    });
    try {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
