import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded';

export type DatabaseServer = {
  url: string;
  isEmbedded: boolean;
  /** Stops the embedded server; a no-op for an external DATABASE_URL. */
  stop: () => Promise<void>;
};

/** DATABASE_URL when given; otherwise the embedded PostgreSQL with its data kept in DATA_DIR/postgres. */
export async function openDatabaseServer(config: Config, log: Logger): Promise<DatabaseServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, isEmbedded: false, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    log,
  });
  return { url: embedded.urlFor(), isEmbedded: true, stop: embedded.stop };
}
