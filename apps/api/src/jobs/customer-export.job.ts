import { z } from 'zod';
import { runCustomerExport } from '../modules/reports/reports.service';
import { createFileStorage } from '../storage/configured-storage';
import { defineJob, isLastAttempt } from './job';

/**
 * Writes one customer-list report file. Two retries (30 s, then 60 s later) cover passing trouble such as a lost
 * database connection or a file store that cannot be reached; after the last one the report is marked failed with its reason and can be retried by hand.
 */
export const customerExportJob = defineJob({
  id: 'customer-export',
  payload: z.object({ reportId: z.number().int().positive() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  // The person who asked for the report is waiting for it: it starts as soon as it is queued.
  startsAtOnce: true,
  async handler({ reportId }, context) {
    await runCustomerExport({ db: context.db, storage: createFileStorage(context), log: context.log }, reportId, {
      isLastAttempt: isLastAttempt(context),
    });
  },
});
