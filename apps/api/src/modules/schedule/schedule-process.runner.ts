import { SEASON_MESSAGES } from '@lawn/shared';
import type { Database } from '../../db/client';
import { LEASE_SECONDS, startHeartbeat } from '../../db/heartbeat';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { loadSeason, planPropertyBatch } from './schedule.planner';
import * as repo from './schedule.repo';

/**
 * Properties per batch (one transaction each). Measured on 1,000,000 properties (bench/README.md): 1,000 to 5,000 all
 * process the year in about 86 s (500: 91 s); larger batches only hold more row locks and memory per transaction.
 * The process holds one batch at a time, whatever the number of properties.
 */
export const SCHEDULE_BATCH_SIZE = 2000;

export type ScheduleRunDeps = { db: Database; log: Logger };

export type ScheduleRunOptions = {
  /** pg-boss will not retry a failure: the run must be marked failed here. */
  isLastAttempt: boolean;
  batchSize?: number;
  /** Called after each committed batch (progress reporting; tests use it to stop a run half-way). */
  afterBatch?: (state: { batches: number; lastPropertyId: number }) => void | Promise<void>;
};

type BatchOutcome = { kind: 'more'; lastPropertyId: number } | { kind: 'done' } | { kind: 'stopped' };

/** Queue key of a run's job: the restart hook and the Process request queue the same run under the same key. */
export const scheduleRunJobKey = (runId: number) => `schedule-run-${runId}`;

/**
 * Processes one schedule run: plans every property (deleted ones too, so they lose their future dates) for the run's
 * year from its `plan_from` date, in id order, one batch per transaction.
 *
 * Each batch locks the run row, reads the cursor (`last_property_id`), plans the next batch, and moves the cursor and
 * the progress in the same transaction. So a batch is either applied with its cursor move or not at all; a run that
 * was killed resumes from its cursor when it runs again; and two workers on the same run (a retry of a job whose
 * worker is presumed dead, a re-queue after a restart) take turns on the lock and never apply a batch twice. Planning
 * the same property again gives the same dates, so even a whole re-run of a completed year changes nothing.
 *
 * While it runs, the worker renews the run's lease (`heartbeat_at`, every few seconds and with every batch); should its
 * process die, the lease runs out and another process takes the run over (`watchAbandonedScheduleRuns`). A failed
 * attempt that pg-boss will retry gives the lease up, so the retry, not a take-over, carries on.
 */
export async function runScheduleProcess(
  { db, log }: ScheduleRunDeps,
  runId: number,
  options: ScheduleRunOptions,
): Promise<void> {
  const run = await repo.startRun(db, runId);
  if (!run) {
    log.info({ runId }, 'schedule run already finished or gone: nothing to do');
    return;
  }
  const batchSize = options.batchSize ?? SCHEDULE_BATCH_SIZE;
  const started = Date.now();
  const stopHeartbeat = startHeartbeat(() => repo.renewRun(db, runId), {
    onError: (error) => log.warn({ runId, err: error }, 'schedule run lease not renewed'),
  });
  log.info({ runId, year: run.year, total: run.total, resumeAfter: run.lastPropertyId }, 'schedule run started');
  try {
    // Season weeks cannot change during a run: Process is refused while one is active.
    const season = await loadSeason(db, run.year);
    let batches = 0;
    for (;;) {
      const outcome = await db.transaction(async (tx): Promise<BatchOutcome> => {
        const cursor = await repo.lockRunCursor(tx, runId);
        if (cursor?.status !== 'in_progress') return { kind: 'stopped' };
        const batch = await planPropertyBatch(tx, {
          year: run.year,
          season: season.types,
          from: run.planFrom,
          afterId: cursor.lastPropertyId,
          limit: batchSize,
        });
        if (batch.lastPropertyId === null) {
          await repo.completeRun(tx, runId);
          return { kind: 'done' };
        }
        await repo.advanceRun(tx, runId, batch.lastPropertyId, batch.count);
        return { kind: 'more', lastPropertyId: batch.lastPropertyId };
      });
      if (outcome.kind === 'stopped') {
        log.info({ runId }, 'schedule run finished by another worker or marked failed: stopping');
        return;
      }
      if (outcome.kind === 'done') break;
      batches += 1;
      await options.afterBatch?.({ batches, lastPropertyId: outcome.lastPropertyId });
    }
    log.info({ runId, year: run.year, batches, ms: Date.now() - started }, 'schedule run completed');
  } catch (error) {
    stopHeartbeat();
    if (options.isLastAttempt) await repo.failRun(db, runId, SEASON_MESSAGES.failed);
    // A lease given up fails no one: should this fail too, the lease runs out and the run is taken over instead.
    else await repo.releaseRun(db, runId).catch(() => undefined);
    log.warn({ runId, isLastAttempt: options.isLastAttempt, err: error }, 'schedule run failed');
    throw error;
  } finally {
    stopHeartbeat();
  }
}

export type ScheduleQueueDeps = { db: Database; jobs: Pick<JobQueue, 'enqueue'>; log: Logger };

/** Queues a run's job; when it cannot be queued the run is marked failed, so it does not block Process forever. */
export async function enqueueScheduleRun({ db, jobs, log }: ScheduleQueueDeps, runId: number): Promise<void> {
  try {
    await jobs.enqueue('schedule-process', { runId }, { singletonKey: scheduleRunJobKey(runId) });
  } catch (error) {
    log.error({ runId, err: error }, 'schedule run could not be queued');
    await repo.failRun(db, runId, SEASON_MESSAGES.notQueued);
    throw error;
  }
}

/**
 * Takes over every run whose worker died (see `takeAbandonedRuns`) and queues it, so a worker of a live process
 * resumes it from its cursor. Returns how many were taken over.
 */
export async function takeOverAbandonedScheduleRuns(
  deps: ScheduleQueueDeps,
  leaseSeconds: number = LEASE_SECONDS,
): Promise<number> {
  const runs = await repo.takeAbandonedRuns(deps.db, leaseSeconds);
  for (const run of runs) {
    deps.log.warn(
      { runId: run.id, year: run.year, progress: run.progress },
      'taking over a schedule run whose process stopped renewing its lease',
    );
    // A run that cannot be queued is marked failed (and logged) there, which also unblocks Process.
    await enqueueScheduleRun(deps, run.id).catch(() => undefined);
  }
  return runs.length;
}

/**
 * Every process looks for runs whose worker died, every few seconds, so a dead process's run carries on elsewhere
 * within a lease and a beat (about 25 seconds), not after pg-boss's job expiry (15 minutes). Returns the stop.
 */
export function watchAbandonedScheduleRuns(deps: ScheduleQueueDeps): () => void {
  // On the heartbeat's rhythm: a lease runs out between two looks at most a beat before it is noticed.
  return startHeartbeat(() => takeOverAbandonedScheduleRuns(deps), {
    onError: (error) => deps.log.warn({ err: error }, 'looking for abandoned schedule runs failed'),
  });
}

/**
 * Start-up hook: queues every run left requested or in progress, so a run interrupted by a stop or a crash carries on
 * from its cursor as soon as the app is back. (pg-boss would retry the dead worker's job by itself, but only once its
 * expiry has passed.) If the old job is still queued or another instance is working on the run, the extra job is
 * harmless: batches take turns on the run's row lock, and a job for a finished run returns at once.
 */
export async function resumeScheduleRuns(deps: ScheduleQueueDeps): Promise<number> {
  const runs = await repo.activeRuns(deps.db);
  for (const run of runs) {
    deps.log.info({ runId: run.id, year: run.year, progress: run.progress }, 'resuming an unfinished schedule run');
    // A run that cannot be queued is marked failed (and logged) there; start-up goes on.
    await enqueueScheduleRun(deps, run.id).catch(() => undefined);
  }
  return runs.length;
}
