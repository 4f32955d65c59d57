import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { createLogger } from '../logger';
import { cloneTemplateDatabase, type ClonedDatabase } from '../test/cloned-database';
import { freePort } from '../test/free-port';
import { startS3TestServer, type S3TestServer } from '../test/s3-test-server';
import { InvalidStorageKeyError, isValidStorageKey, StorageUnavailableError, type FileStorage } from './file-storage';
import { createPostgresFileStorage } from './postgres-storage';
import { createS3Client, createS3FileStorage } from './s3-storage';

const log = createLogger({ level: 'silent' });
/** Small PostgreSQL chunks, so a few hundred kilobytes cross many chunk boundaries. */
const TEST_CHUNK_SIZE = 64 * 1024;

type BackEnd = {
  storage: FileStorage;
  /** The same back end pointed at a port where nothing listens. */
  unreachable: FileStorage;
  /** Bytes that make the back end write in several pieces (chunks, or a multipart upload). */
  largeSize: number;
  close: () => Promise<void>;
};

async function openPostgres(): Promise<BackEnd & { db: Database }> {
  const database: ClonedDatabase = await cloneTemplateDatabase();
  const { pool, db } = createDatabase(database.url, log, { max: 4 });
  const nowhere = createDatabase(`postgres://lawn@127.0.0.1:${await freePort()}/lawn`, log, { max: 1 });
  return {
    db,
    storage: createPostgresFileStorage(db, { chunkSize: TEST_CHUNK_SIZE }),
    unreachable: createPostgresFileStorage(nowhere.db),
    largeSize: 5 * TEST_CHUNK_SIZE + 12_345,
    async close() {
      await nowhere.pool.end();
      await pool.end();
      await database.drop();
    },
  };
}

async function openS3(): Promise<BackEnd> {
  const server: S3TestServer = await startS3TestServer();
  const options = { region: 'us-east-1', forcePathStyle: true, ...server };
  return {
    storage: createS3FileStorage(createS3Client(options), server.bucket),
    unreachable: createS3FileStorage(
      createS3Client({ ...options, endpoint: `http://127.0.0.1:${await freePort()}` }),
      server.bucket,
    ),
    // Over the 5 MiB part size: a multipart upload.
    largeSize: 11 * 1024 * 1024 + 12_345,
    close: () => server.close(),
  };
}

async function contents(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.read(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Pieces of uneven sizes, as a writer's stream hands them out. */
function piecesOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0, size = 1000; offset < bytes.length; offset += size, size = (size * 7) % 70_001) {
    pieces.push(bytes.subarray(offset, offset + size));
  }
  return Readable.from(pieces);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A source that yields one piece and then waits until released (or fails when told to). */
function heldSource(first: string) {
  let release: (outcome: 'finish' | 'fail') => void = () => undefined;
  const outcome = new Promise<'finish' | 'fail'>((resolve) => {
    release = resolve;
  });
  async function* source() {
    yield first;
    if ((await outcome) === 'fail') throw new Error('the writer crashed');
    yield ' and the rest';
  }
  return { source: source(), release: (how: 'finish' | 'fail') => release(how) };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  { name: 'PostgreSQL', open: openPostgres, replacesWhole: true },
  // s3rver writes an object's file in place while the body streams in, so two PUTs of one key interleave their
  // bytes; S3 itself (and MinIO, Garage) replaces an object whole, the last complete PUT winning. What the two-writer
  // test checks is the server's promise, not ours, so it runs where the test server keeps it.
  { name: 'S3 (s3rver over HTTP)', open: openS3, replacesWhole: false },
])('$name file storage', ({ open, replacesWhole }) => {
  let backEnd: BackEnd;
  let storage: FileStorage;
  beforeAll(async () => {
    backEnd = await open();
    storage = backEnd.storage;
  });
  afterAll(async () => {
    await backEnd?.close();
  });

  it('stores a stream under its key and reads it back', async () => {
    const { size } = await storage.put('reports/1/2-march.csv', Readable.from(['a,b\n', '1,2\n']));
    expect(size).toBe(8);
    expect(await storage.stat('reports/1/2-march.csv')).toEqual({ size: 8 });
    const file = await storage.read('reports/1/2-march.csv');
    expect(file?.size).toBe(8);
    expect((await contents(storage, 'reports/1/2-march.csv'))?.toString()).toBe('a,b\n1,2\n');
  });

  it('keeps a large file byte for byte, written and read in pieces', async () => {
    const bytes = randomBytes(backEnd.largeSize);
    expect(await storage.put('reports/1/3-large.xlsx', piecesOf(bytes))).toEqual({ size: bytes.length });
    expect(await storage.stat('reports/1/3-large.xlsx')).toEqual({ size: bytes.length });
    const read = await contents(storage, 'reports/1/3-large.xlsx');
    expect(read?.length).toBe(bytes.length);
    expect(sha256(read ?? Buffer.alloc(0))).toBe(sha256(bytes));
  });

  it('stores an empty file', async () => {
    expect(await storage.put('reports/1/4-empty.csv', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.stat('reports/1/4-empty.csv')).toEqual({ size: 0 });
    expect((await contents(storage, 'reports/1/4-empty.csv'))?.length).toBe(0);
  });

  it('replaces a file, and readers see the old one until the new one is whole', async () => {
    const key = 'schedules/7/schedule-7-2026.pdf';
    await storage.put(key, Readable.from(['first version']));
    const held = heldSource('second version');
    const writing = storage.put(key, held.source);
    await wait(200);
    expect((await contents(storage, key))?.toString()).toBe('first version');
    held.release('finish');
    expect(await writing).toEqual({ size: 'second version and the rest'.length });
    expect((await contents(storage, key))?.toString()).toBe('second version and the rest');
  });

  it('stores nothing when the source fails, rethrowing the source’s own error, and keeps the previous file', async () => {
    const key = 'reports/1/5-broken.xlsx';
    const failing = heldSource('half a file');
    const writing = storage.put(key, failing.source);
    failing.release('fail');
    await expect(writing).rejects.toThrow('the writer crashed');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();

    await storage.put(key, Readable.from(['whole']));
    const again = heldSource('half');
    const rewriting = storage.put(key, again.source);
    again.release('fail');
    await expect(rewriting).rejects.toThrow('the writer crashed');
    expect((await contents(storage, key))?.toString()).toBe('whole');
  });

  it.runIf(replacesWhole)('lets two writers of one key finish, and one whole file wins', async () => {
    const key = 'reports/1/6-twice.csv';
    const [first, second] = [Buffer.alloc(150_000, 'a'), Buffer.alloc(90_000, 'b')];
    await Promise.all([storage.put(key, piecesOf(first)), storage.put(key, piecesOf(second))]);
    const stored = await contents(storage, key);
    expect([sha256(first), sha256(second)]).toContain(sha256(stored ?? Buffer.alloc(0)));
  });

  it('deletes files, and deleting or reading a missing one is fine', async () => {
    await storage.put('reports/9/1-x.csv', Readable.from(['x']));
    await storage.delete('reports/9/1-x.csv');
    expect(await storage.stat('reports/9/1-x.csv')).toBeNull();
    expect(await storage.read('reports/9/1-x.csv')).toBeNull();
    await expect(storage.delete('reports/9/1-x.csv')).resolves.toBeUndefined();
    expect(await storage.stat('reports/never/there.csv')).toBeNull();
  });

  it('refuses keys that could leave their place', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'reports/../../x', 'reports//x', 'reports/./x', '', 'a\\b']) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Readable.from(['x'])), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.stat(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.read(key), key).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toThrow(InvalidStorageKeyError);
    }
    expect(isValidStorageKey('reports/12/34-march-customers.xlsx')).toBe(true);
  });

  it('reports a store it cannot reach as unavailable, whatever the call', async () => {
    const { unreachable } = backEnd;
    const key = 'reports/1/7-unreachable.csv';
    await expect(unreachable.put(key, Readable.from(['x']))).rejects.toThrow(StorageUnavailableError);
    await expect(unreachable.stat(key)).rejects.toThrow(StorageUnavailableError);
    await expect(unreachable.read(key)).rejects.toThrow(StorageUnavailableError);
    await expect(unreachable.delete(key)).rejects.toThrow(StorageUnavailableError);
  });

  it('closes a source stream it did not read to the end', async () => {
    // The store cannot be reached: it gives up before it reads anything.
    const unread = Readable.from(['never read']);
    await expect(backEnd.unreachable.put('reports/1/8-unread.csv', unread)).rejects.toThrow(StorageUnavailableError);
    expect(unread.destroyed).toBe(true);

    // The source fails half-way.
    const held = heldSource('first piece');
    const halfRead = Readable.from(held.source);
    const writing = storage.put('reports/1/9-half.csv', halfRead);
    held.release('fail');
    await expect(writing).rejects.toThrow('the writer crashed');
    expect(halfRead.destroyed).toBe(true);
  });
});

describe('PostgreSQL file storage rows', () => {
  let backEnd: Awaited<ReturnType<typeof openPostgres>>;
  beforeAll(async () => {
    backEnd = await openPostgres();
  });
  afterAll(async () => {
    await backEnd?.close();
  });

  const chunkRows = async (key: string) => {
    const [row] = await backEnd.db
      .select({ total: count() })
      .from(storedFileChunks)
      .innerJoin(storedFiles, eq(storedFiles.id, storedFileChunks.fileId))
      .where(eq(storedFiles.key, key));
    return row?.total ?? 0;
  };

  it('keeps a file as chunk rows of the chunk size, and deletes them with the file', async () => {
    const key = 'reports/3/1-chunks.csv';
    await backEnd.storage.put(key, piecesOf(randomBytes(3 * TEST_CHUNK_SIZE + 1)));
    expect(await chunkRows(key)).toBe(4);
    // The length of each chunk, in order: the query builder has no bytea length function.
    const sizes = await backEnd.db.execute<{ bytes: number }>(
      sql`select octet_length(c.data) as bytes from stored_file_chunks c join stored_files f on f.id = c.file_id
          where f.key = ${key} order by c.seq`,
    );
    expect(sizes.rows.map((row) => Number(row.bytes))).toEqual([TEST_CHUNK_SIZE, TEST_CHUNK_SIZE, TEST_CHUNK_SIZE, 1]);

    // A replaced file leaves no chunks of its old version behind.
    await backEnd.storage.put(key, Readable.from(['short']));
    expect(await chunkRows(key)).toBe(1);
    const [all] = await backEnd.db.select({ total: count() }).from(storedFileChunks);
    await backEnd.storage.delete(key);
    const [after] = await backEnd.db.select({ total: count() }).from(storedFileChunks);
    expect((all?.total ?? 0) - (after?.total ?? 0)).toBe(1);
    expect(await chunkRows(key)).toBe(0);
  });

  it('holds no connection for a reader that stops half-way, though it read the next chunk ahead', async () => {
    const key = 'reports/3/2-stopped.csv';
    await backEnd.storage.put(key, piecesOf(randomBytes(6 * TEST_CHUNK_SIZE)));
    const pool = (backEnd.db as Database & { $client: pg.Pool }).$client;
    const file = await backEnd.storage.read(key);
    const iterator = file?.stream[Symbol.asyncIterator]();
    expect((await iterator?.next())?.done).toBe(false);
    await iterator?.return?.();
    await vi.waitFor(() => expect(pool.idleCount).toBe(pool.totalCount));
    expect(file?.stream.destroyed).toBe(true);
    expect((await contents(backEnd.storage, key))?.length).toBe(6 * TEST_CHUNK_SIZE);
  });

  it('fails a read rather than mix two files when the file is replaced while it is read', async () => {
    const key = 'schedules/8/schedule-8-2026.pdf';
    await backEnd.storage.put(key, piecesOf(Buffer.alloc(3 * TEST_CHUNK_SIZE, 'a')));
    const file = await backEnd.storage.read(key);
    await backEnd.storage.put(key, piecesOf(Buffer.alloc(3 * TEST_CHUNK_SIZE, 'b')));
    await expect(file?.stream.toArray()).rejects.toThrow(StorageUnavailableError);
    expect((await contents(backEnd.storage, key))?.toString()).toBe('b'.repeat(3 * TEST_CHUNK_SIZE));
  });
});
