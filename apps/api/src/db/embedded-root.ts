import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ConfigError } from '../config';
import type { Logger } from '../logger';
import type { RunAs } from './embedded-process';

/* PostgreSQL refuses to run as root, so when this process is root the server runs as the `postgres` system user. */
const ACCOUNT = 'postgres';
const ALTERNATIVES = 'run as a normal user, or set DATABASE_URL to a PostgreSQL server';

const run = promisify(execFile);

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

async function accountIds(): Promise<RunAs> {
  const id = async (flag: string) => Number.parseInt((await run('id', [flag, ACCOUNT])).stdout, 10);
  return { uid: await id('-u'), gid: await id('-g') };
}

/** The `postgres` system account the server runs as, created on first use. */
export async function postgresAccount(log: Logger): Promise<RunAs> {
  const existing = await accountIds().catch(() => undefined);
  if (existing) return existing;
  try {
    const hasGroup = await run('getent', ['group', ACCOUNT]).then(
      () => true,
      () => false,
    );
    if (!hasGroup) await run('groupadd', ['--system', ACCOUNT]);
    await run('useradd', ['--system', '--gid', ACCOUNT, ACCOUNT]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError(
      `Running as root, the embedded PostgreSQL needs a "${ACCOUNT}" user and creating it failed (${reason}): ` +
        `create it with "useradd --system ${ACCOUNT}", ${ALTERNATIVES}.`,
    );
  }
  log.info(`created the ${ACCOUNT} system user that runs the embedded PostgreSQL`);
  return accountIds();
}
