import { z } from 'zod';
import { runScheduleProcess } from '../modules/schedule/schedule.service';
import { defineJob, isLastAttempt } from './job';

/**
 * Processes a year's schedules (one `schedule_runs` row). Retries resume from the run's cursor, so a passing failure
 * (a lost connection) costs only the batch it interrupted; after the last retry the run is marked failed and a new
 * Process can be requested.
 *
 * A run whose worker died is not left to pg-boss's expiry (15 minutes of a job being active): the worker renews the
 * run's lease while it runs, and every process takes over a run whose lease ran out (`watchAbandonedScheduleRuns`),
 * within about 25 seconds. A run that outlasts pg-boss's expiry is not harmed either: the extra worker pg-boss starts
 * takes turns with the first on the run's row lock. The app's start-up also re-queues unfinished runs
 * (`resumeScheduleRuns`).
 */
export const scheduleProcessJob = defineJob({
  id: 'schedule-process',
  payload: z.object({ runId: z.number().int().positive() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  async handler({ runId }, context) {
    await runScheduleProcess({ db: context.db, log: context.log }, runId, { isLastAttempt: isLastAttempt(context) });
  },
});
