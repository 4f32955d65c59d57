import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { startEmbeddedPostgres } from './embedded';
import type { RunAs } from './embedded-process';
import { isRoot, postgresAccount } from './embedded-root';

export type DatabaseServer = {
  /** The app's connection: DATABASE_URL, or the embedded server's app role (not a superuser). */
  url: string;
  isEmbedded: boolean;
  /**
   * Creates again what only the embedded server's superuser may create before the app migrates (extensions), e.g.
   * after a reset dropped them; a no-op for an external DATABASE_URL, whose owner prepares it.
   */
  prepare: () => Promise<void>;
  /** Stops the embedded server; a no-op for an external DATABASE_URL. */
  stop: () => Promise<void>;
};

/** DATABASE_URL when given; otherwise the embedded PostgreSQL with its data kept in DATA_DIR/postgres. */
export async function openDatabaseServer(config: Config, log: Logger): Promise<DatabaseServer> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, isEmbedded: false, prepare: async () => undefined, stop: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    log,
  });
  return { url: embedded.appUrl, isEmbedded: true, prepare: embedded.prepare, stop: embedded.stop };
}

/**
 * The account the embedded PostgreSQL runs as when it is not this process's own: PostgreSQL refuses to run as root,
 * so root hands it to the `postgres` user (created on first use). Undefined with DATABASE_URL or as a normal user.
 */
export async function embeddedServerAccount(config: Config, log: Logger): Promise<RunAs | undefined> {
  return config.databaseUrl || !isRoot() ? undefined : postgresAccount(log);
}
