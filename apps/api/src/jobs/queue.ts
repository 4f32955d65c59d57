import PgBoss from 'pg-boss';
import { isServerShutdown } from '../db/pg-errors';
import type { Logger } from '../logger';
import type { JobContext, JobDefinition } from './job';
import { JOBS, type JobName, type JobPayload } from './registry';

export const PG_BOSS_SCHEMA = 'pgboss';

export type EnqueueOptions = { startAfter?: Date; singletonKey?: string };

export type JobQueue = {
  /** Validates the payload against the job's schema and queues it; returns the job id. */
  enqueue: <Name extends JobName>(name: Name, payload: JobPayload<Name>, options?: EnqueueOptions) => Promise<string>;
  /** Starts a worker per job (and the timetable of scheduled jobs) in this process. */
  startWorkers: (context: JobContext) => Promise<void>;
  stop: () => Promise<void>;
  boss: PgBoss;
};

export type JobQueueOptions = {
  databaseUrl: string;
  log: Logger;
  pollingIntervalSeconds: number;
  /** Background upkeep (maintenance, cron): on in the app, off in tests for quiet, deterministic runs. */
  background?: boolean;
};

/** pg-boss on the application database, so jobs survive restarts and several app instances share one queue. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const background = options.background ?? true;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: PG_BOSS_SCHEMA,
    application_name: 'lawn-jobs',
    max: 4,
    supervise: background,
    schedule: background,
  });
  boss.on('error', (error) => {
    if (isServerShutdown(error)) log.info('job queue connection closed by server shutdown');
    else log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  for (const job of Object.values(JOBS) as JobDefinition<string, unknown>[]) {
    await boss.createQueue(job.id, {
      name: job.id,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    });
  }

  let stopped = false;
  return {
    boss,
    async enqueue(name, payload, enqueueOptions = {}) {
      const definition = JOBS[name] as JobDefinition<string, unknown>;
      const data = definition.payload.parse(payload) as object;
      const id = await boss.send(name, data, {
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    async startWorkers(context) {
      for (const definition of Object.values(JOBS) as JobDefinition<string, unknown>[]) {
        await boss.work(
          definition.id,
          { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              const jobLog = context.log.child({ job: definition.id, jobId: job.id });
              const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
              try {
                await definition.handler(definition.payload.parse(job.data), { ...context, log: jobLog, attempt });
              } catch (error) {
                jobLog.error({ err: error }, 'job failed');
                throw error;
              }
            }
          },
        );
        if (definition.schedule && background) {
          const timeZone = definition.scheduleTimeZone ? { tz: definition.scheduleTimeZone } : {};
          await boss.schedule(definition.id, definition.schedule, {}, timeZone);
        }
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
