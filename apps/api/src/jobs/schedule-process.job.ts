import { z } from 'zod';
import { runScheduleProcess } from '../modules/schedule/schedule.service';
import { defineJob, isLastAttempt } from './job';

/**
 * Processes a year's schedules (one `schedule_runs` row). Retries resume from the run's cursor, so a passing failure
 * (a lost connection) costs only the batch it interrupted; after the last retry the run is marked failed and a new
 * Process can be requested.
 *
 * pg-boss's default expiry (15 minutes of a job being active) bounds how long a run whose worker died waits before
 * pg-boss hands it to another worker; a run that outlasts it is not harmed, because the extra worker takes turns with
 * the first on the run's row lock. The app's start-up also re-queues unfinished runs (`resumeScheduleRuns`).
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
