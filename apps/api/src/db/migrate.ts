import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary constant: the advisory lock that serialises migrations when several instances start together. */
const MIGRATION_LOCK_ID = 724_311_001;

export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}

/**
 * The extensions the migrations create (`CREATE EXTENSION IF NOT EXISTS name`). The embedded server's superuser
 * creates them before the app's own role migrates, since creating an extension may need a superuser; the migration's
 * own statement then finds it there.
 */
export function requiredExtensions(folder = MIGRATIONS_FOLDER): string[] {
  const names = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .flatMap((file) =>
      [...readFileSync(path.join(folder, file), 'utf8').matchAll(/create extension if not exists "?(\w+)"?/gi)].map(
        (match) => String(match[1]),
      ),
    );
  return [...new Set(names)];
}
