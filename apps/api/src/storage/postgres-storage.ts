import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { checkStorageKey, putFromSource, storeCall, StorageUnavailableError, type FileStorage } from './file-storage';

/**
 * Bytes per chunk row. One chunk is about the most a reader or writer holds at a time (a reader briefly twice, while it
 * joins the pieces of a chunk's COPY output); 1 MiB keeps a 20 MB file to 20 round trips each way, and neither 256 KiB
 * nor 4 MiB chunks were faster (bench/file-storage.ts).
 */
export const POSTGRES_CHUNK_SIZE = 1024 * 1024;

/** First key of the two-part advisory locks that serialise writers of one storage key (the second is its hash). */
const PUT_LOCK_CLASS = 724_311;

/** Cuts a stream of pieces into chunks of exactly `size` bytes (the last one shorter), holding one chunk at most. */
async function* rechunk(buffers: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  for await (let buffer of buffers) {
    while (pendingLength + buffer.length >= size) {
      const take = size - pendingLength;
      pending.push(buffer.subarray(0, take));
      yield Buffer.concat(pending, size);
      pending = [];
      pendingLength = 0;
      buffer = buffer.subarray(take);
    }
    if (buffer.length > 0) {
      pending.push(buffer);
      pendingLength += buffer.length;
    }
  }
  if (pendingLength > 0) yield Buffer.concat(pending, pendingLength);
}

/** The pool under a Drizzle database: node-postgres's Drizzle keeps it as `$client`. */
function poolOf(db: Database): pg.Pool {
  const client = (db as Database & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('the PostgreSQL file store needs a database on a pg.Pool');
  return client;
}

/** `PGCOPY\n\377\r\n\0`: how every binary COPY output starts. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The one bytea value of a binary COPY of one row and one column, or null when no row matched. The format: the
 * signature, 32-bit flags, a 32-bit header extension length and the extension, then per row a 16-bit field count
 * (-1 ends the data) and per field a 32-bit length and the bytes.
 */
function singleValueOfCopy(copy: Buffer): Buffer | null {
  if (!copy.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('not a binary COPY output');
  let offset = COPY_SIGNATURE.length + 4;
  offset += 4 + copy.readUInt32BE(offset);
  if (copy.readInt16BE(offset) === -1) return null;
  const length = copy.readInt32BE(offset + 2);
  return copy.subarray(offset + 6, offset + 6 + length);
}

/**
 * One chunk's bytes. Read with a binary COPY because a plain SELECT sends bytea as hex text, twice the bytes, which
 * the server must encode and the client decode: reading a 20 MB file took 2-5 times longer (bench/file-storage.ts).
 * COPY takes no parameters, so the two integers are written into the statement.
 */
async function readChunk(pool: pg.Pool, fileId: number, seq: number): Promise<Buffer | null> {
  if (!Number.isSafeInteger(fileId) || !Number.isSafeInteger(seq)) throw new Error('chunk ids must be integers');
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const copy = client.query(
      copyTo(
        `copy (select data from stored_file_chunks where file_id = ${fileId} and seq = ${seq}) to stdout (format binary)`,
      ),
    );
    return singleValueOfCopy(Buffer.concat((await copy.toArray()) as Buffer[]));
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
      putFromSource(checkStorageKey(key), source, (buffers) =>
        // One transaction: readers keep seeing the previous file (or none) until the new one is whole.
        db.transaction(async (tx) => {
          // Two writers of one key wait for each other, so neither fails on the unique key.
          await tx.execute(sql`select pg_advisory_xact_lock(${PUT_LOCK_CLASS}, hashtext(${key}))`);
          await tx.delete(storedFiles).where(eq(storedFiles.key, key));
          const [file] = await tx.insert(storedFiles).values({ key }).returning({ id: storedFiles.id });
          if (!file) throw new Error('stored file not inserted');
          let size = 0;
          let seq = 0;
          for await (const data of rechunk(buffers, chunkSize)) {
            await tx.insert(storedFileChunks).values({ fileId: file.id, seq, data });
            size += data.length;
            seq += 1;
          }
          await tx.update(storedFiles).set({ size, chunks: seq }).where(eq(storedFiles.id, file.id));
          return { size };
        }),
      ),

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
      // One query per chunk, each on whichever pooled connection is free: a slow reader holds no connection between
      // chunks. A file replaced while it is read loses its old chunks, and the stream fails rather than mix two files.
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let seq = 0; seq < count; seq += 1) {
          const chunk = await storeCall('read', key, () => readChunk(pool, id, seq));
          if (!chunk) throw new StorageUnavailableError('read', key, new Error('the file changed while it was read'));
          yield chunk;
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
