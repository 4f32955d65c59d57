import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';

const TIMEOUT_MS = 2_000;

export function createHealthService({ db, log }: { db: Database; log: Logger }) {
  return {
    /** `select 1` within a short timeout, so a hung database reports as down instead of hanging the probe. */
    async isDatabaseReachable(): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      });
      try {
        await Promise.race([db.execute(sql`select 1`), timeout]);
        return true;
      } catch (error) {
        log.warn({ err: error }, 'health check: database unreachable');
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
