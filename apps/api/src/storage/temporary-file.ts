import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileStorage } from './file-storage';

/**
 * For writers that need a file of their own (the exceljs streaming writer, pdfkit): `write` produces the file at a
 * temporary path, which is then stored under `key` as a stream and removed. The temporary file lives in a private
 * folder of the OS temp dir (folder 0700, file 0600: reports hold customers' details), never under DATA_DIR, so
 * nothing of the store depends on a process's disk. When `write` or the store fails, nothing is stored under `key`
 * and the temporary file is removed all the same.
 */
export async function storeWrittenFile<T>(
  storage: FileStorage,
  key: string,
  write: (temporaryPath: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lawn-file-'));
  try {
    const temporaryPath = path.join(folder, path.posix.basename(key));
    // Created empty with its mode first: writers open it with their own (umask-dependent) defaults.
    await writeFile(temporaryPath, '', { mode: 0o600 });
    const result = await write(temporaryPath);
    await storage.put(key, createReadStream(temporaryPath));
    return result;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
