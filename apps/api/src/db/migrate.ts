import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Arbitrary constant: the advisory lock that serialises migrations when several instances start together. */
const MIGRATION_LOCK_ID = 724_311_001;

export type MigrationOptions = {
  /** Gives up waiting for another instance's migrations (the app's start-up was asked to stop). */
  signal?: AbortSignal;
  /** Called once when another instance holds the lock, so the wait is explained. */
  onWait?: () => void;
};

const LOCK_RETRY_MS = 250;

/** Takes the migration lock, trying again until the other instance is done or the wait is given up. */
async function acquireMigrationLock(client: pg.PoolClient, options: MigrationOptions): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    options.signal?.throwIfAborted();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      MIGRATION_LOCK_ID,
    ]);
    if (rows[0]?.locked) return;
    if (attempt === 0) options.onWait?.();
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/**
 * Applies the pending migrations, one instance at a time. The lock is tried rather than waited for inside the
 * database, so a stop requested meanwhile ends the wait at once instead of after the other instance finishes.
 */
export async function runMigrations(pool: pg.Pool, options: MigrationOptions = {}): Promise<void> {
  const client = await pool.connect();
  try {
    await acquireMigrationLock(client, options);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    }
  } finally {
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
