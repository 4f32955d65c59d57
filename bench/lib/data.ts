import { count, isNull } from 'drizzle-orm';
import { properties } from '../../apps/api/src/db/schema';
import { bulkLoadCustomers } from '../../apps/api/src/db/seed/customers-seed';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';
import type { BenchDatabase } from './database';

type EnsurePropertiesOptions = {
  /** Count only live properties towards the target (deleted ones stay, but do not count). */
  liveOnly?: boolean;
  /** Told how many properties are missing before they are generated. */
  onLoad?: (missing: number) => void;
  onProgress?: (loaded: number) => void;
};

/**
 * The reference data and the demo sign-ins (idempotent, without the demo customers), then generated properties (the
 * seed's COPY loader) until the database holds `target`. Returns how many were generated and the seconds it took.
 */
export async function ensureProperties(
  { pool, db }: Pick<BenchDatabase, 'pool' | 'db'>,
  target: number,
  options: EnsurePropertiesOptions = {},
): Promise<{ loaded: number; seconds: number }> {
  await seedDatabase(db, { demoProperties: 0 });
  const [row] = await db
    .select({ total: count() })
    .from(properties)
    .where(options.liveOnly ? isNull(properties.deletedAt) : undefined);
  const missing = target - (row?.total ?? 0);
  if (missing <= 0) return { loaded: 0, seconds: 0 };
  options.onLoad?.(missing);
  const started = performance.now();
  await bulkLoadCustomers(pool, db, { properties: missing, onProgress: options.onProgress });
  return { loaded: missing, seconds: (performance.now() - started) / 1000 };
}
