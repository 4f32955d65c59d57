import type pg from 'pg';
import type { Database } from './client';

type DriverClient = pg.Pool | pg.PoolClient | pg.Client;

function isPool(client: DriverClient): client is pg.Pool {
  return 'totalCount' in client;
}

/**
 * Runs `work` on a dedicated node-postgres connection of the database's pool, for what Drizzle does not do: COPY
 * (bulk loads) and server-side cursors (streaming exports). A connection whose work failed is discarded, not reused.
 */
export async function withPgClient<T>(
  db: Database,
  work: (client: pg.PoolClient | pg.Client) => Promise<T>,
): Promise<T> {
  const driver = (db as unknown as { $client: DriverClient }).$client;
  if (!isPool(driver)) return work(driver);
  const client = await driver.connect();
  let failure: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}

/**
 * Borrows a connection for an async generator's lifetime (released when it finishes, fails or is abandoned early). A
 * connection whose work did not run to its end is discarded rather than reused: a COPY may still be sending on it.
 */
export async function* streamWithPgClient<T>(
  db: Database,
  work: (client: pg.PoolClient | pg.Client) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const driver = (db as unknown as { $client: DriverClient }).$client;
  if (!isPool(driver)) {
    yield* work(driver);
    return;
  }
  const client = await driver.connect();
  let failure: Error | undefined = new Error('stopped before the end of its work');
  try {
    yield* work(client);
    failure = undefined;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(failure);
  }
}

/**
 * How to open a connection of one's own to the database's server (outside its pool), for a session that must stay
 * open, such as a LISTEN.
 */
export function connectionConfigOf(db: Database): pg.ClientConfig {
  const driver = (db as unknown as { $client: DriverClient }).$client;
  if (!isPool(driver)) throw new Error('a dedicated connection needs a database on a pg.Pool');
  const { connectionString, host, port, user, password, database, ssl } = driver.options;
  return { connectionString, host, port, user, password, database, ssl };
}
