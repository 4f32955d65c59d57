import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './database-url';

export type ClonedDatabase = {
  /** Connection string of the new database (the test server's superuser, like the rest of the test harness). */
  url: string;
  drop: () => Promise<void>;
};

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the test run's PostgreSQL server, cloned from the migrated template (with the job queue's
 * schema), for tests that hand a DATABASE_URL to API processes of their own.
 */
export async function cloneTemplateDatabase(): Promise<ClonedDatabase> {
  const { adminUrl, template } = inject('testDatabase');
  const database = `lawn_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runAdmin(adminUrl, `create database "${database}" template "${template}"`);
  return {
    url: databaseUrl(adminUrl, database),
    drop: () => runAdmin(adminUrl, `drop database if exists "${database}" with (force)`),
  };
}
