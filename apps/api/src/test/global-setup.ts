import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, REPO_ROOT } from '../config';
import { createDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { startJobQueue } from '../jobs/queue';
import { createLogger } from '../logger';
import { databaseUrl } from './database-url';
import { freePort } from './free-port';

export type TestDatabaseInfo = {
  /** A URL on the test server for administrative statements (CREATE/DROP DATABASE). */
  adminUrl: string;
  /** Migrated database (with the job queue's schema) every test file clones. */
  template: string;
};

declare module 'vitest' {
  // vitest's provide/inject typing is declared through interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/**
 * Once per test run: a PostgreSQL server (DATABASE_URL's, or a throw-away embedded one on a free port, so it never
 * clashes with the app's 54320 or an e2e server) and a template database migrated once, which each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = createLogger({ level: 'warn' });
  // The test harness is not the app: it reads its own two knobs directly.
  const external = loadConfig({ DATABASE_URL: process.env['DATABASE_URL'], JWT_SECRET: 'x'.repeat(32) }).databaseUrl;
  const requestedPort = process.env['TEST_PG_PORT'];
  const suffix = `${process.pid}_${randomBytes(3).toString('hex')}`;

  let adminUrl: string;
  let stopServer = async () => undefined as void;
  if (external) {
    adminUrl = external;
  } else {
    const embedded = await startEmbeddedPostgres({
      databaseDir: path.join(REPO_ROOT, '.data', `test-postgres-${suffix}`),
      port: requestedPort ? Number(requestedPort) : await freePort(),
      log,
      persistent: false,
      fast: true,
    });
    adminUrl = embedded.superuserUrlFor('postgres');
    stopServer = embedded.stop;
  }

  const template = `lawn_test_template_${suffix}`;
  const teardown = async () => {
    await runAdmin(adminUrl, (client) =>
      client.query(`drop database if exists ${client.escapeIdentifier(template)} with (force)`),
    );
    await stopServer();
  };
  try {
    await runAdmin(adminUrl, (client) => client.query(`create database ${client.escapeIdentifier(template)}`));
    const templateUrl = databaseUrl(adminUrl, template);
    const { pool } = createDatabase(templateUrl, log, { max: 2 });
    await runMigrations(pool).finally(() => pool.end());
    // Installing pg-boss's schema once here saves every test file from doing it.
    const jobs = await startJobQueue({ databaseUrl: templateUrl, log, pollingIntervalSeconds: 1, background: false });
    await jobs.stop();
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }

  project.provide('testDatabase', { adminUrl, template });
  return teardown;
}

async function runAdmin(adminUrl: string, statement: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await statement(client);
  } finally {
    await client.end();
  }
}
