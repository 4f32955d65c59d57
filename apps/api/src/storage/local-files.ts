import { createReadStream } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { createFileStorage, type StorageConfig } from './configured-storage';
import { isValidStorageKey, type FileStorage } from './file-storage';

/** Where files were kept before the file store: `DATA_DIR/files/<key>`. */
const LOCAL_FILES_FOLDER = 'files';

/** A write the old local storage never finished (`<key>.<12 hex>.tmp`): never published, so never a file of anyone. */
const UNFINISHED_WRITE = /\.[0-9a-f]{12}\.tmp$/;

export type LocalFilesResult = { moved: number; alreadyStored: number; unfinished: number; skipped: number };

/** Every regular file under `folder`, as slash-separated paths relative to it, in a stable order. */
async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.toSorted((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesUnder(folder, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** Removes the empty folders under `folder` (and `folder` itself when it ends up empty), deepest first. */
async function removeEmptyFolders(folder: string): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyFolders(path.join(folder, entry.name));
  if ((await readdir(folder)).length === 0) await rmdir(folder);
}

/**
 * Moves the files of `DATA_DIR/files` into the file store under the same keys (report rows keep pointing at them),
 * deleting each local file once the store holds it. Safe to run at every start and to stop at any point: a file is
 * removed only after it is stored, a put is all or nothing, and a key the store already holds is never written again
 * (it is this very file, stored before a crash, or a newer one written since), so nothing is duplicated or replaced.
 * Unfinished writes of the old storage are deleted; names that are not valid keys are left in place and logged.
 */
export async function moveLocalFiles(deps: {
  dataDir: string;
  storage: FileStorage;
  log: Logger;
}): Promise<LocalFilesResult> {
  const { storage, log } = deps;
  const root = path.join(deps.dataDir, LOCAL_FILES_FOLDER);
  const result: LocalFilesResult = { moved: 0, alreadyStored: 0, unfinished: 0, skipped: 0 };
  const keys = await filesUnder(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!keys) return result;
  if (keys.length > 0) log.info({ files: keys.length, folder: root }, 'moving local files into the file store');

  for (const key of keys) {
    const localPath = path.join(root, ...key.split('/'));
    if (UNFINISHED_WRITE.test(key)) {
      await rm(localPath, { force: true });
      result.unfinished += 1;
      continue;
    }
    if (!isValidStorageKey(key)) {
      log.warn({ file: localPath }, 'local file left in place: its name is not a valid storage key');
      result.skipped += 1;
      continue;
    }
    if (await storage.stat(key)) {
      result.alreadyStored += 1;
    } else {
      await storage.put(key, createReadStream(localPath));
      result.moved += 1;
    }
    await rm(localPath, { force: true });
  }
  await removeEmptyFolders(root);
  log.info({ ...result }, 'local files moved into the file store');
  return result;
}

/**
 * The start-up step: moves what an older version left in `DATA_DIR/files` into the configured store. A store that
 * cannot be reached does not stop the start; the files stay where they are and the next start carries on.
 */
export async function moveLocalFilesToStore(deps: {
  config: StorageConfig & { dataDir: string };
  db: Database;
  log: Logger;
}): Promise<void> {
  try {
    await moveLocalFiles({ dataDir: deps.config.dataDir, storage: createFileStorage(deps), log: deps.log });
  } catch (error) {
    deps.log.error({ err: error }, 'moving local files into the file store stopped; the next start carries on');
  }
}
