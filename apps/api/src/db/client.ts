import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger';
import { isServerShutdown } from './pg-errors';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What repositories take as their first argument: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = { pool: pg.Pool; db: Database };

export function createDatabase(url: string, log: Logger, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, application_name: 'lawn-api' });
  // An idle client losing its connection (database restart, shutdown) must not crash the process.
  pool.on('error', (error) => {
    if (isServerShutdown(error)) log.info('database connection closed by server shutdown');
    else log.warn({ err: error }, 'idle database connection failed');
  });
  return { pool, db: drizzle(pool, { schema }) };
}
