import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, isValidStorageKey, type FileStorage } from './file-storage';

let root: string;
let storage: FileStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lawn-storage-'));
  storage = createLocalFileStorage(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local file storage', () => {
  it('stores a stream under its key and reads it back', async () => {
    const { size } = await storage.put('reports/1/2-march.csv', Readable.from(['a,b\n', '1,2\n']));
    expect(size).toBe(8);
    expect(await storage.stat('reports/1/2-march.csv')).toEqual({ size: 8 });
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read('reports/1/2-march.csv')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n1,2\n');
    expect(storage.path('reports/1/2-march.csv')).toBe(path.join(root, 'reports', '1', '2-march.csv'));
  });

  it('publishes a file only when its writer finishes, and leaves nothing behind when it fails', async () => {
    await expect(
      storage.writeWith('reports/1/3-broken.xlsx', async (temporary) => {
        await writeFile(temporary, 'half a file');
        expect(await storage.stat('reports/1/3-broken.xlsx')).toBeNull();
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await storage.stat('reports/1/3-broken.xlsx')).toBeNull();
    expect((await readdir(path.join(root, 'reports', '1'))).filter((name) => name.startsWith('3-'))).toEqual([]);

    await storage.writeWith('reports/1/3-broken.xlsx', (temporary) => writeFile(temporary, 'whole'));
    expect(await readFile(storage.path('reports/1/3-broken.xlsx'), 'utf8')).toBe('whole');
  });

  it('deletes files, and deleting a missing one is fine', async () => {
    await storage.put('reports/9/1-x.csv', Readable.from(['x']));
    await storage.delete('reports/9/1-x.csv');
    expect(await storage.stat('reports/9/1-x.csv')).toBeNull();
    await expect(storage.delete('reports/9/1-x.csv')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the storage root', () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'reports/../../x', 'reports//x', 'reports/./x', '', 'a\\b']) {
      expect(isValidStorageKey(key), key).toBe(false);
      expect(() => storage.path(key)).toThrow(/invalid storage key/);
    }
    expect(isValidStorageKey('reports/12/34-march-customers.xlsx')).toBe(true);
  });
});
