import type pg from 'pg';
import { loadConfig, type Config } from '../../apps/api/src/config';
import { createDatabase, type Database } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { openDatabaseServer } from '../../apps/api/src/db/server';
import { createLogger, type Logger } from '../../apps/api/src/logger';
import { BENCH_DATA_DIR, BENCH_PG_PORT } from './locations';

export type BenchDatabase = {
  config: Config;
  log: Logger;
  /** The connection string, for a child process of the script. */
  url: string;
  pool: pg.Pool;
  db: Database;
  close: () => Promise<void>;
};

/**
 * Opens and migrates the bench database: DATABASE_URL when set, else the embedded server in DATA_DIR on
 * EMBEDDED_PG_PORT, which default to `dataDir` and `port` (the shared bench database unless a script has its own).
 * Logs at LOG_LEVEL, warn by default.
 */
async function openBenchDatabase(
  options: { poolSize: number; dataDir?: string; port?: number } = { poolSize: 10 },
): Promise<BenchDatabase> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env['DATA_DIR'] ?? options.dataDir ?? BENCH_DATA_DIR,
    EMBEDDED_PG_PORT: process.env['EMBEDDED_PG_PORT'] ?? String(options.port ?? BENCH_PG_PORT),
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
  });
  const log = createLogger({ level: config.logLevel });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: options.poolSize });
  try {
    await runMigrations(pool);
  } catch (error) {
    await pool.end();
    await server.stop();
    throw error;
  }
  return {
    config,
    log,
    url: server.url,
    pool,
    db,
    close: async () => {
      await pool.end();
      await server.stop();
    },
  };
}

/** Runs `work` on the opened bench database and closes it afterwards, whether `work` succeeds or fails. */
export async function withBenchDatabase<T>(
  options: Parameters<typeof openBenchDatabase>[0],
  work: (bench: BenchDatabase) => Promise<T>,
): Promise<T> {
  const bench = await openBenchDatabase(options);
  try {
    return await work(bench);
  } finally {
    await bench.close();
  }
}
