import PgBoss from 'pg-boss';
import { isServerShutdown } from '../db/pg-errors';
import type { Logger } from '../logger';
import { isLastAttempt, type JobDefinition, type WorkerContext } from './job';
import { JOBS, type JobName, type JobPayload } from './registry';

export const PG_BOSS_SCHEMA = 'pgboss';

export type EnqueueOptions = { startAfter?: Date; singletonKey?: string };

export type JobQueue = {
  /** Validates the payload against the job's schema and queues it; returns the job id. */
  enqueue: <Name extends JobName>(name: Name, payload: JobPayload<Name>, options?: EnqueueOptions) => Promise<string>;
  /** Starts a worker per job (and the timetable of scheduled jobs) in this process. */
  startWorkers: (context: WorkerContext) => Promise<void>;
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

const FINISHED_STATES = ['completed', 'cancelled', 'failed'];

/** The queues whose payloads name a person: erased when their jobs finish. */
const PERSONAL_DATA_QUEUES = (Object.values(JOBS) as JobDefinition<string, unknown>[])
  .filter((definition) => definition.holdsPersonalData)
  .map((definition) => definition.id);

/** The message pg-boss keeps as a failed job's output when the job holds personal data; the log has the details. */
export const PERSONAL_DATA_FAILURE = 'job failed; the details are in the log';

/**
 * Erases the payloads of finished jobs of the queues that hold personal data, in the queue table and in its archive.
 * The workers erase each job's payload as its work ends; this catches the jobs that ended otherwise (pg-boss fails a
 * job whose worker died during its last attempt) and those finished before payloads were erased. Raw SQL: pg-boss
 * has no call that changes a job's data (pg-boss 10: tables `job` and `archive`, column `data`).
 */
export async function eraseFinishedPersonalPayloads(boss: PgBoss): Promise<void> {
  for (const table of ['job', 'archive']) {
    await boss.getDb().executeSql(
      `update ${PG_BOSS_SCHEMA}.${table} set data = null
         where name = any($1) and state::text = any($2) and data is not null`,
      [PERSONAL_DATA_QUEUES, FINISHED_STATES],
    );
  }
}

/** pg-boss on the application database, so jobs survive restarts and several app instances share one queue. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const background = options.background ?? true;
  // pg-boss's defaults keep a finished job 12 hours in `job`, then 7 days in `archive`. That history is useful (when
  // and how each job ran); what it must not keep is personal data, so the payloads of the queues that hold some are
  // erased as their jobs finish (`holdsPersonalData`).
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

  await eraseFinishedPersonalPayloads(boss);

  /**
   * Erases the payload of a job of a personal-data queue once its work is over, then marks it done (pg-boss would do
   * that after the handler returns; its own call then finds nothing to change). In this order, a job that shows as
   * finished holds no payload; a process stopping in between leaves an active job without payload, which the next
   * worker to fetch it just completes (below).
   */
  const finishPersonal = async (name: string, id: string, hasFailed: boolean) => {
    await boss
      .getDb()
      .executeSql(`update ${PG_BOSS_SCHEMA}.job set data = null where name = $1 and id = $2`, [name, id]);
    if (hasFailed) await boss.fail(name, id, { message: PERSONAL_DATA_FAILURE });
    else await boss.complete(name, id);
  };

  /** Runs the jobs pg-boss handed a worker of `definition`'s queue (one at a time: batchSize 1). */
  const runJobs = async (
    definition: JobDefinition<string, unknown>,
    jobs: PgBoss.JobWithMetadata<unknown>[],
    context: WorkerContext,
  ) => {
    for (const job of jobs) {
      const jobLog = context.log.child({ job: definition.id, jobId: job.id });
      const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
      if (definition.holdsPersonalData && job.data === null) {
        // Its payload is erased only once its work is over: a process stopped before marking it done.
        jobLog.info('job already done: its payload was erased');
        await finishPersonal(definition.id, job.id, false);
        continue;
      }
      try {
        await definition.handler(definition.payload.parse(job.data), {
          ...context,
          log: jobLog,
          attempt,
          jobs: { enqueue: queue.enqueue },
        });
      } catch (error) {
        jobLog.error({ err: error }, 'job failed');
        if (!definition.holdsPersonalData) throw error;
        // An error can quote the payload (a refused recipient), and pg-boss stores what it is given, causes
        // included: it gets a plain message, and the logged error above keeps the details.
        if (isLastAttempt({ attempt })) await finishPersonal(definition.id, job.id, true);
        // eslint-disable-next-line preserve-caught-error -- pg-boss would store the cause, which is the point
        throw new Error(PERSONAL_DATA_FAILURE);
      }
      if (definition.holdsPersonalData) await finishPersonal(definition.id, job.id, false);
    }
  };

  let stopped = false;
  /** This process's worker of each queue, by queue name. */
  const workerIds = new Map<string, string>();
  const queue: JobQueue = {
    boss,
    async enqueue(name, payload, enqueueOptions = {}) {
      const definition = JOBS[name] as JobDefinition<string, unknown>;
      const data = definition.payload.parse(payload) as object;
      const id = await boss.send(name, data, {
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      // The job is in the table now: a worker woken here finds it at once (pg-boss fetches again when woken while
      // fetching, so the wake-up is never lost). A busy worker takes it as soon as its current job ends.
      const workerId = workerIds.get(name);
      if (definition.startsAtOnce && workerId && !stopped) boss.notifyWorker(workerId);
      return id;
    },
    async startWorkers(context) {
      for (const definition of Object.values(JOBS) as JobDefinition<string, unknown>[]) {
        // pg-boss waits the polling interval after every fetch, so a backlog of n jobs would take n intervals (a flood
        // of reset requests would hold up everyone's link). A worker that found a job therefore looks for the next one
        // at once, and waits the interval only once its queue is empty. Each queue has its own worker, so one queue's
        // backlog (bulk mail) never holds up another's jobs (password resets).
        const takeNextAtOnce = () => {
          const workerId = workerIds.get(definition.id);
          if (workerId && !stopped) boss.notifyWorker(workerId);
        };
        const workerId = await boss.work(
          definition.id,
          { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async (jobs) => {
            try {
              await runJobs(definition, jobs, context);
            } finally {
              takeNextAtOnce();
            }
          },
        );
        workerIds.set(definition.id, workerId);
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
  return queue;
}
