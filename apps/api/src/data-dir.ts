import { existsSync } from 'node:fs';
import { chmod, chown, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config';
import type { Logger } from './logger';

/** An account by its numeric ids, e.g. the `postgres` user that runs the embedded PostgreSQL for root. */
type Account = { uid: number; gid: number };

export type SecureDataDirOptions = {
  /**
   * The account the embedded PostgreSQL runs as when it is not this process's own (root runs it as `postgres`): it
   * must pass through DATA_DIR to reach its cluster in DATA_DIR/postgres, so DATA_DIR gets its group with the right to
   * pass through (0710) and nothing more: that account can neither list DATA_DIR nor read anything in it.
   */
  serverAccount?: Account;
  log: Logger;
};

/** Private folders and files, whatever the umask of whoever created them. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
const SHARED_FOLDER_MODE = 0o710;

/**
 * DATA_DIR holds the JWT secret, the database passwords, the e-mail outbox (with password-reset links) and customer
 * exports, so nobody but the account that runs the app may read it: it is created with mode 0700 and, because an
 * older version (or a copy, or an unzip) may have left it open, every start closes what is there: folders 0700,
 * files 0600. PostgreSQL clusters (folders with a PG_VERSION file) are left as PostgreSQL made them: PostgreSQL
 * itself keeps them private and checks their modes, and as root they belong to the `postgres` user. Links are not
 * followed, and what belongs to another account is left alone.
 */
export async function secureDataDir(dataDir: string, options: SecureDataDirOptions): Promise<void> {
  const { serverAccount } = options;
  let changed: number;
  try {
    await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE });
    if (serverAccount) {
      await chown(dataDir, process.getuid?.() ?? serverAccount.uid, serverAccount.gid);
      await chmod(dataDir, SHARED_FOLDER_MODE);
    } else {
      await chmod(dataDir, FOLDER_MODE);
    }
    changed = await closeContents(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `The data folder ${dataDir} (DATA_DIR) cannot be made private to this user (${code}): run as the user who ` +
        'owns it, or point DATA_DIR at a folder of your own.',
    );
  }
  if (changed > 0) {
    options.log.info({ dataDir, changed }, 'closed the data folder to other users: folders 0700, files 0600');
  }
}

/** Closes every folder and file below `folder`; answers how many modes changed. */
async function closeContents(folder: string): Promise<number> {
  const ownUid = process.getuid?.();
  let changed = 0;
  for (const entry of await readdir(folder)) {
    const target = path.join(folder, entry);
    const stats = await lstat(target).catch(() => undefined);
    if (!stats || stats.isSymbolicLink()) continue;
    if (ownUid !== undefined && stats.uid !== ownUid) continue;
    if (stats.isDirectory()) {
      if (existsSync(path.join(target, 'PG_VERSION'))) continue;
      changed += await setMode(target, stats.mode, FOLDER_MODE);
      changed += await closeContents(target);
    } else if (stats.isFile()) {
      changed += await setMode(target, stats.mode, FILE_MODE);
    }
  }
  return changed;
}

async function setMode(target: string, current: number, wanted: number): Promise<number> {
  if ((current & 0o777) === wanted) return 0;
  await chmod(target, wanted);
  return 1;
}
