import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';
import { checkStorageKey, putFromSource, storeCall, StorageUnavailableError, type FileStorage } from './file-storage';
import { chunkRowsCopy, chunksOf, singleValueOfCopy } from './postgres-copy';

/**
 * Bytes per chunk row. A writer holds about one chunk at a time and a reader two (the one it hands out and the next,
 * read ahead); 1 MiB keeps a 20 MB file to 20 reads. Neither 256 KiB nor 4 MiB chunks were faster to write or read,
 * nor were rows of 8,120 bytes kept inline in the table without TOAST (bench/file-storage.ts, ADR 0009).
 */
export const POSTGRES_CHUNK_SIZE = 1024 * 1024;

/** First key of the two-part advisory locks that serialise writers of one storage key (the second is its hash). */
const PUT_LOCK_CLASS = 724_311;

/** The pool under a Drizzle database: node-postgres's Drizzle keeps it as `$client`. */
function poolOf(db: Database): pg.Pool {
  const client = (db as Database & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('the PostgreSQL file store needs a database on a pg.Pool');
  return client;
}

/**
 * One chunk's bytes, as slices of the COPY's output (not joined into a buffer of their own), or null when there is no
 * such chunk. Read with a binary COPY because a plain SELECT sends bytea as hex text, twice the bytes, which
 * the server must encode and the client decode: reading a 20 MB file took 2-5 times longer (bench/file-storage.ts).
 * COPY takes no parameters, so the two integers are written into the statement.
 */
async function readChunk(pool: pg.Pool, fileId: number, seq: number): Promise<Buffer[] | null> {
  if (!Number.isSafeInteger(fileId) || !Number.isSafeInteger(seq)) throw new Error('chunk ids must be integers');
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const copy = client.query(
      copyTo(
        `copy (select data from stored_file_chunks where file_id = ${fileId} and seq = ${seq}) to stdout (format binary)`,
      ),
    );
    return singleValueOfCopy((await copy.toArray()) as Buffer[]);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed mid-COPY is closed rather than handed to the next query.
    client.release(failure);
  }
}

/**
 * Files in the application database: a `stored_files` row per key and its contents in `stored_file_chunks` rows.
 * Every API process on the database sees every file, and the database's backups hold them (ADR 0009).
 */
export function createPostgresFileStorage(db: Database, options: { chunkSize?: number } = {}): FileStorage {
  const chunkSize = options.chunkSize ?? POSTGRES_CHUNK_SIZE;
  const pool = poolOf(db);

  return {
    put: async (key, source) =>
      putFromSource(checkStorageKey(key), source, async (buffers) => {
        // The transaction runs on one connection of its own, so the chunks' COPY can run on it too.
        const client = await pool.connect();
        let failure: Error | undefined;
        try {
          return await drizzle(client).transaction(async (tx) => {
            // Two writers of one key wait for each other, so neither fails on the unique key.
            await tx.execute(sql`select pg_advisory_xact_lock(${PUT_LOCK_CLASS}, hashtext(${key}))`);
            await tx.delete(storedFiles).where(eq(storedFiles.key, key));
            const [file] = await tx.insert(storedFiles).values({ key }).returning({ id: storedFiles.id });
            if (!file) throw new Error('stored file not inserted');
            let size = 0;
            let count = 0;
            // Every chunk in one binary COPY (the query builder has no COPY): the source is read while earlier
            // chunks travel and are stored, with no round trip per chunk and no chunk copied into a buffer of its
            // own. The client spends about a third less CPU than with an INSERT per chunk (bench/file-storage.ts).
            await pipeline(
              Readable.from(
                chunkRowsCopy(file.id, chunksOf(buffers, chunkSize), (chunk) => {
                  size += chunk.length;
                  count += 1;
                }),
              ),
              client.query(copyFrom('copy stored_file_chunks (file_id, seq, data) from stdin (format binary)')),
            );
            await tx.update(storedFiles).set({ size, chunks: count }).where(eq(storedFiles.id, file.id));
            return { size };
          });
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          // A connection that failed mid-COPY is closed rather than handed to the next query.
          client.release(failure);
        }
      }),

    stat: async (key) =>
      storeCall('stat', checkStorageKey(key), async () => {
        const [file] = await db.select({ size: storedFiles.size }).from(storedFiles).where(eq(storedFiles.key, key));
        return file ?? null;
      }),

    async read(key) {
      checkStorageKey(key);
      const file = await storeCall('read', key, async () => {
        const [row] = await db
          .select({ id: storedFiles.id, size: storedFiles.size, chunks: storedFiles.chunks })
          .from(storedFiles)
          .where(eq(storedFiles.key, key));
        return row ?? null;
      });
      if (!file) return null;
      const { id, chunks: count } = file;
      const readAhead = (seq: number) => {
        const chunk = storeCall('read', key, () => readChunk(pool, id, seq));
        // Awaited when its turn comes; a reader that stops before then leaves it unawaited, which is no failure.
        chunk.catch(() => undefined);
        return chunk;
      };
      // One query per chunk, each on whichever pooled connection is free: a slow reader holds no connection between
      // chunks. While the reader takes one chunk, the next is read, so the reader seldom waits for the database and
      // holds two chunks at most. A file replaced while it is read loses its old chunks, and the stream fails rather
      // than mix two files.
      async function* chunks(): AsyncGenerator<Buffer> {
        let next = count > 0 ? readAhead(0) : undefined;
        for (let seq = 0; next; seq += 1) {
          const chunk = await next;
          if (!chunk) throw new StorageUnavailableError('read', key, new Error('the file changed while it was read'));
          next = seq + 1 < count ? readAhead(seq + 1) : undefined;
          yield* chunk;
        }
      }
      // A byte stream with a small buffer, so at most about one chunk waits for a slow reader.
      return { size: file.size, stream: Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 }) };
    },

    async delete(key) {
      await storeCall('delete', checkStorageKey(key), () => db.delete(storedFiles).where(eq(storedFiles.key, key)));
    },
  };
}
