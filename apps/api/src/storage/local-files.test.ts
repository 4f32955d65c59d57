import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { storedFiles } from '../db/schema';
import { createLogger } from '../logger';
import { cloneTemplateDatabase, type ClonedDatabase } from '../test/cloned-database';
import { freePort } from '../test/free-port';
import { StorageUnavailableError, type FileStorage } from './file-storage';
import { moveLocalFiles, moveLocalFilesToStore } from './local-files';
import { createPostgresFileStorage } from './postgres-storage';

let database: ClonedDatabase;
let handle: ReturnType<typeof createDatabase>;
let storage: FileStorage;
let dataDir: string;
const logs: string[] = [];
const log = createLogger({ level: 'info', stream: { write: (line: string) => void logs.push(line) } });

beforeAll(async () => {
  database = await cloneTemplateDatabase();
  handle = createDatabase(database.url, createLogger({ level: 'silent' }), { max: 2 });
  storage = createPostgresFileStorage(handle.db);
});

afterAll(async () => {
  await handle?.pool.end();
  await database?.drop();
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lawn-local-files-'));
  await handle.db.delete(storedFiles);
  logs.length = 0;
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Files as an older version left them under DATA_DIR/files. */
async function localFiles(files: Record<string, string>): Promise<void> {
  for (const [key, text] of Object.entries(files)) {
    const file = path.join(dataDir, 'files', ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

async function text(key: string): Promise<string | null> {
  const file = await storage.read(key);
  return file ? Buffer.concat((await file.stream.toArray()) as Buffer[]).toString() : null;
}

const storedKeys = async () =>
  (await handle.db.select({ key: storedFiles.key }).from(storedFiles)).map((row) => row.key).toSorted();

const OLD_FILES = {
  'reports/4/12-march.csv': 'Customer\nZoe Adams\n',
  'reports/4/13-april.xlsx': 'PK xlsx bytes',
  'reports/9/20-may.pdf': '%PDF-1.3 ...',
  'schedules/31/schedule-A100-2026.pdf': '%PDF-1.3 schedule',
};

describe('moving DATA_DIR/files into the file store', () => {
  it('stores every file under its key, then removes it and the emptied folders', async () => {
    await localFiles({
      ...OLD_FILES,
      // A write the old storage never finished, and a name no key can have.
      'reports/4/14-june.csv.0123456789ab.tmp': 'half a file',
      'reports/9/bad name.csv': 'x',
    });
    const result = await moveLocalFiles({ dataDir, storage, log });
    expect(result).toEqual({ moved: 4, alreadyStored: 0, unfinished: 1, skipped: 1 });
    expect(await storedKeys()).toEqual(Object.keys(OLD_FILES).toSorted());
    for (const [key, contents] of Object.entries(OLD_FILES)) expect(await text(key)).toBe(contents);

    // Only the file that could not be moved is left, with the folders that hold it.
    expect(await readdir(path.join(dataDir, 'files'))).toEqual(['reports']);
    expect(await readdir(path.join(dataDir, 'files', 'reports'))).toEqual(['9']);
    expect(await readdir(path.join(dataDir, 'files', 'reports', '9'))).toEqual(['bad name.csv']);
    expect(logs.some((line) => line.includes('its name is not a valid storage key'))).toBe(true);
  });

  it('does nothing more when run again, and does nothing at all without the folder', async () => {
    await localFiles(OLD_FILES);
    await moveLocalFiles({ dataDir, storage, log });
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    const before = await handle.db.select().from(storedFiles);
    expect(await moveLocalFiles({ dataDir, storage, log })).toEqual({
      moved: 0,
      alreadyStored: 0,
      unfinished: 0,
      skipped: 0,
    });
    expect(await handle.db.select().from(storedFiles)).toEqual(before);
  });

  it('never writes a key the store already holds (stored before a crash, or newer), and removes the local copy', async () => {
    await localFiles(OLD_FILES);
    await storage.put('schedules/31/schedule-A100-2026.pdf', Readable.from(['%PDF-1.3 sent again since']));
    const [before] = await handle.db.select().from(storedFiles);
    const result = await moveLocalFiles({ dataDir, storage, log });
    expect(result).toMatchObject({ moved: 3, alreadyStored: 1 });
    expect(await text('schedules/31/schedule-A100-2026.pdf')).toBe('%PDF-1.3 sent again since');
    expect((await handle.db.select().from(storedFiles)).find((row) => row.id === before?.id)).toEqual(before);
    expect(await storedKeys()).toHaveLength(4);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('stops at a store that fails half-way, keeps what is not stored, and a later run finishes the job', async () => {
    await localFiles(OLD_FILES);
    let puts = 0;
    const failingAfterTwo: FileStorage = {
      ...storage,
      put: async (key, source) => {
        puts += 1;
        if (puts > 2) throw new StorageUnavailableError('put', key, new Error('connection lost'));
        return storage.put(key, source);
      },
    };
    await expect(moveLocalFiles({ dataDir, storage: failingAfterTwo, log })).rejects.toThrow(StorageUnavailableError);
    expect(await storedKeys()).toEqual(['reports/4/12-march.csv', 'reports/4/13-april.xlsx']);
    expect(existsSync(path.join(dataDir, 'files', 'reports', '4', '12-march.csv'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'files', 'reports', '9', '20-may.pdf'))).toBe(true);

    expect(await moveLocalFiles({ dataDir, storage, log })).toMatchObject({ moved: 2, alreadyStored: 0 });
    expect(await storedKeys()).toEqual(Object.keys(OLD_FILES).toSorted());
    for (const [key, contents] of Object.entries(OLD_FILES)) expect(await text(key)).toBe(contents);
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('at start-up, moves into the configured store, and a store it cannot reach does not stop the start', async () => {
    await localFiles(OLD_FILES);
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) });
    await moveLocalFilesToStore({ config, db: handle.db, log });
    expect(await storedKeys()).toEqual(Object.keys(OLD_FILES).toSorted());

    await localFiles({ 'reports/4/15-july.csv': 'x' });
    const unreachable = {
      ...config,
      storage: 's3' as const,
      s3Bucket: 'files',
      s3Endpoint: `http://127.0.0.1:${await freePort()}`,
      // Given, so the SDK never goes looking for credentials of its own.
      s3AccessKeyId: 'key',
      s3SecretAccessKey: 'secret',
    };
    await expect(moveLocalFilesToStore({ config: unreachable, db: handle.db, log })).resolves.toBeUndefined();
    expect(existsSync(path.join(dataDir, 'files', 'reports', '4', '15-july.csv'))).toBe(true);
    expect(logs.some((line) => line.includes('the next start carries on'))).toBe(true);
  });
});
