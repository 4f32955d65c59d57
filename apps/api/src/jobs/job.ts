import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { JobQueue } from './queue';

/** Which run of a job this is; absent when a handler is called directly (then treat it as the last attempt). */
export type JobAttempt = { retryCount: number; retryLimit: number };

/** What a job handler may use; `jobs` queues further jobs (a declined charge's e-mail) on the same queue. */
export type JobContext = {
  db: Database;
  mailer: Mailer;
  config: Config;
  log: Logger;
  jobs: Pick<JobQueue, 'enqueue'>;
  attempt?: JobAttempt;
};

/** What a process gives its workers; the queue adds itself (`jobs`) and each run's attempt. */
export type WorkerContext = Omit<JobContext, 'jobs' | 'attempt'>;

/** Whether pg-boss will not run this job again after a failure, so the handler must record the failure itself. */
export function isLastAttempt(context: Pick<JobContext, 'attempt'>): boolean {
  return context.attempt === undefined || context.attempt.retryCount >= context.attempt.retryLimit;
}

export type JobDefinition<Id extends string, Payload> = {
  /** Queue name in pg-boss. */
  id: Id;
  payload: z.ZodType<Payload>;
  handler: (payload: Payload, context: JobContext) => Promise<void>;
  /** Attempts after the first failure; the delay doubles from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Cron expression for jobs that run on a timetable rather than on demand. */
  schedule?: string;
  /**
   * The payload names a person (an address, a message). Once such a job has finished, its payload is erased from
   * pg-boss's tables, which otherwise keep finished jobs for days, so a read of the database is not a list of who
   * was mailed what. A failure's details stay in the log only.
   */
  holdsPersonalData?: boolean;
  /** The time zone the cron expression is read in (default: the server's). */
  scheduleTimeZone?: string;
  /** How long a run may be active before pg-boss counts its worker as dead and hands it to another (default 15 min). */
  expireInSeconds?: number;
  /**
   * Someone is waiting for the job (an export they asked for): the process that queues it wakes its own worker of the
   * queue at once instead of leaving the job to the next poll, up to `JOB_POLL_INTERVAL_SECONDS` later. The job is
   * queued all the same, so another process (or a restart) still runs it when this one cannot (ADR 0042).
   */
  startsAtOnce?: boolean;
};

export function defineJob<const Id extends string, Payload>(
  definition: JobDefinition<Id, Payload>,
): JobDefinition<Id, Payload> {
  return definition;
}
