import { z } from 'zod';
import { cleanUpAuthRecords } from '../modules/auth/auth.service';
import { defineJob } from './job';

/** Sign-in attempts, spent reset links and dead sessions are only useful for a while; this keeps the tables small. */
export const cleanupAuthRecordsJob = defineJob({
  id: 'cleanup-auth-records',
  payload: z.object({}).loose(),
  schedule: '17 3 * * *',
  async handler(_payload, { db, log }) {
    const deleted = await cleanUpAuthRecords(db, new Date());
    log.info(deleted, 'stale auth records deleted');
  },
});
