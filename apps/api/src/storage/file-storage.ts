import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where generated files live. Keys are relative, slash-separated paths (`reports/12/34-march.xlsx`); the local
 * implementation maps them under one root directory, an S3-compatible one would use them as object keys.
 */
export type FileStorage = {
  /** Writes a stream under `key`; readers never see a half-written file. */
  put: (key: string, source: Readable | AsyncIterable<Uint8Array | string>) => Promise<{ size: number }>;
  /**
   * Lets `write` produce the file at a temporary local path, then publishes it under `key`. When `write` throws, the
   * temporary file is removed and nothing is published.
   */
  writeWith: <T>(key: string, write: (temporaryPath: string) => Promise<T>) => Promise<T>;
  /** Size of the stored file, or null when there is none. */
  stat: (key: string) => Promise<{ size: number } | null>;
  read: (key: string) => ReadStream;
  /** Removes the file; a missing file is not an error. */
  delete: (key: string) => Promise<void>;
  /** The local path of a key (for mail attachments); throws on keys that would leave the storage root. */
  path: (key: string) => string;
};

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Whether a key is relative, free of `..` and made of safe characters only. */
export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function createLocalFileStorage(root: string): FileStorage {
  const absoluteRoot = path.resolve(root);
  const resolve = (key: string): string => {
    if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
    const resolved = path.resolve(absoluteRoot, ...key.split('/'));
    if (!resolved.startsWith(absoluteRoot + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  };

  const writeWith = async <T>(key: string, write: (temporaryPath: string) => Promise<T>): Promise<T> => {
    const target = resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Unique per attempt, so two runs of the same export never write into each other's file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const result = await write(temporary);
      await rename(temporary, target);
      return result;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    writeWith,
    async put(key, source) {
      return writeWith(key, async (temporary) => {
        await pipeline(source, createWriteStream(temporary));
        return { size: (await stat(temporary)).size };
      });
    },
    async stat(key) {
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    read: (key) => createReadStream(resolve(key)),
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    path: resolve,
  };
}

/** The storage of an app instance: `${dataDir}/files`. */
export function createFileStorage(config: { dataDir: string }): FileStorage {
  return createLocalFileStorage(path.join(config.dataDir, 'files'));
}
