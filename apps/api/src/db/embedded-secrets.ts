import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The passwords of the embedded server's two roles, each generated once and kept beside the cluster. */
export type EmbeddedSecretFiles = { superuser: string; app: string };

/**
 * Where the passwords of the cluster in `databaseDir` are kept: beside it (DATA_DIR/postgres.superuser-password and
 * DATA_DIR/postgres.app-password for the app's DATA_DIR/postgres), not inside it, because as root the cluster belongs
 * to the `postgres` user while only the app may read the passwords.
 */
export function secretFilesOf(databaseDir: string): EmbeddedSecretFiles {
  return { superuser: `${databaseDir}.superuser-password`, app: `${databaseDir}.app-password` };
}

/** 32 random bytes, URL-safe, so the password needs no escaping in a connection string. */
function generatePassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The password kept in `file`, or a new one written there first (mode 0600: whoever reads it owns the database). An
 * existing file is closed to 0600 too. The new file is written under another name and renamed into place, so a crash
 * never leaves half a password behind.
 */
export async function readOrCreatePassword(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim()) {
    await chmod(file, 0o600);
    return existing.trim();
  }
  const password = generatePassword();
  // The folder is DATA_DIR, made private at start; as root, the postgres user must still pass through it.
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    await writeFile(partial, `${password}\n`, { mode: 0o600 });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return password;
}

export async function removeSecretFiles(files: EmbeddedSecretFiles): Promise<void> {
  await rm(files.superuser, { force: true });
  await rm(files.app, { force: true });
}
