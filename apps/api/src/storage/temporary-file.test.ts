import { existsSync } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { createLogger } from '../logger';
import { cloneTemplateDatabase, type ClonedDatabase } from '../test/cloned-database';
import { freePort } from '../test/free-port';
import { StorageUnavailableError, type FileStorage } from './file-storage';
import { createPostgresFileStorage } from './postgres-storage';
import { storeWrittenFile } from './temporary-file';

const log = createLogger({ level: 'silent' });
let database: ClonedDatabase;
let handle: ReturnType<typeof createDatabase>;
let storage: FileStorage;

beforeAll(async () => {
  database = await cloneTemplateDatabase();
  handle = createDatabase(database.url, log, { max: 2 });
  storage = createPostgresFileStorage(handle.db);
});

afterAll(async () => {
  await handle?.pool.end();
  await database?.drop();
});

async function text(key: string): Promise<string | null> {
  const file = await storage.read(key);
  return file ? Buffer.concat((await file.stream.toArray()) as Buffer[]).toString() : null;
}

describe('storeWrittenFile', () => {
  it('lets the writer fill a private temporary file, stores it under the key and removes it', async () => {
    let seen = '';
    const result = await storeWrittenFile(storage, 'reports/1/2-march.xlsx', async (temporaryPath) => {
      seen = temporaryPath;
      // Only its owner may read it, in a folder only its owner may enter.
      expect((await stat(temporaryPath)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(temporaryPath))).mode & 0o777).toBe(0o700);
      await writeFile(temporaryPath, 'the whole report');
      return { rowCount: 3 };
    });
    expect(result).toEqual({ rowCount: 3 });
    expect(path.basename(seen)).toBe('2-march.xlsx');
    expect(existsSync(path.dirname(seen))).toBe(false);
    expect(await text('reports/1/2-march.xlsx')).toBe('the whole report');
  });

  it('stores nothing when the writer fails, and removes its temporary file', async () => {
    let seen = '';
    await expect(
      storeWrittenFile(storage, 'reports/1/3-broken.xlsx', async (temporaryPath) => {
        seen = temporaryPath;
        await writeFile(temporaryPath, 'half a file');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(existsSync(path.dirname(seen))).toBe(false);
    expect(await storage.stat('reports/1/3-broken.xlsx')).toBeNull();
  });

  it('passes on a store that cannot be reached, and removes the temporary file all the same', async () => {
    const nowhere = createDatabase(`postgres://lawn@127.0.0.1:${await freePort()}/lawn`, log, { max: 1 });
    let seen = '';
    try {
      await expect(
        storeWrittenFile(createPostgresFileStorage(nowhere.db), 'reports/1/4-x.csv', async (temporaryPath) => {
          seen = temporaryPath;
          await writeFile(temporaryPath, 'a,b\n');
        }),
      ).rejects.toThrow(StorageUnavailableError);
    } finally {
      await nowhere.pool.end();
    }
    expect(existsSync(path.dirname(seen))).toBe(false);
  });
});
