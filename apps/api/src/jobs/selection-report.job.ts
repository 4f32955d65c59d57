import { calendarDateIn } from '@lawn/shared';
import { z } from 'zod';
import { runSelectionReport } from '../modules/reports/reports.service';
import { createFileStorage } from '../storage/configured-storage';
import { defineJob, isLastAttempt } from './job';

/**
 * Writes one route report's file (operations, reconciliation, bush-bed). Retries like the customer export: two more
 * attempts for passing trouble, then the report is marked failed with its reason and can be retried by hand.
 */
export const selectionReportJob = defineJob({
  id: 'selection-report',
  payload: z.object({ reportId: z.number().int().positive() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  async handler({ reportId }, context) {
    await runSelectionReport(
      {
        db: context.db,
        storage: createFileStorage(context),
        log: context.log,
        today: () => calendarDateIn(new Date()),
      },
      reportId,
      { isLastAttempt: isLastAttempt(context) },
    );
  },
});
