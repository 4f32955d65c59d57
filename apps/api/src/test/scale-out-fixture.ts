import type pg from 'pg';
import { createDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { createLogger } from '../logger';
import { hashPassword } from '../modules/auth/password';
import { startApiProcess, type ApiProcess } from './api-process';
import { cloneTemplateDatabase, type ClonedDatabase } from './cloned-database';
import { insertCustomers } from './customer-list-fixtures';
import { TEST_JWT_SECRET, TEST_PASSWORD } from './test-app';

/** The scale-out tests' own database, with a connection of the test's to look into it. */
export type ScaleOutDatabase = { database: ClonedDatabase; db: Database; pool: pg.Pool };

/**
 * A fresh database for a scale-out test: an Admin who signs in with `email` and TEST_PASSWORD, and `customers`
 * customers to export.
 */
export async function openScaleOutDatabase(
  admin: { email: string; firstName: string },
  customers: number,
): Promise<ScaleOutDatabase> {
  const database = await cloneTemplateDatabase();
  const { db, pool } = createDatabase(database.url, createLogger({ level: 'silent' }), { max: 2 });
  await db.insert(users).values({
    firstName: admin.firstName,
    lastName: 'Office',
    email: admin.email,
    role: 'Admin',
    status: 1,
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  await insertCustomers(
    db,
    Array.from({ length: customers }, (_, index) => ({ firstName: `Cust${index}`, lastName: 'Omer' })),
  );
  return { database, db, pool };
}

type ProcessOptions = Omit<Parameters<typeof startApiProcess>[0], 'databaseUrl' | 'jwtSecret'>;

/** API processes on one database with one JWT_SECRET, as an operator scales out: one per entry of `each`. */
export function startApiProcesses(databaseUrl: string, each: ProcessOptions[]): Promise<ApiProcess[]> {
  return Promise.all(each.map((options) => startApiProcess({ databaseUrl, jwtSecret: TEST_JWT_SECRET, ...options })));
}

/** Stops the processes, then closes the test's connection and drops the database; any of them may be missing. */
export async function closeScaleOut(
  processes: ApiProcess[] | undefined,
  opened: Partial<ScaleOutDatabase> | undefined,
): Promise<void> {
  await Promise.all((processes ?? []).map((api) => api.close()));
  await opened?.pool?.end();
  await opened?.database?.drop();
}
