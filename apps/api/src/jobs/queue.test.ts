import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts, passwordResetRequests } from '../db/schema';
import { createLogger } from '../logger';
import { useTestContext } from '../test/test-app';
import { cleanupAuthRecordsJob } from './cleanup-auth-records.job';

const t = useTestContext();

describe('job queue', () => {
  it('queues a valid payload in pg-boss', async () => {
    const id = await t.jobs.enqueue('send-email', { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    const job = await t.jobs.boss.getJobById<{ subject: string }>('send-email', id);
    expect(job?.data.subject).toBe('Hello');
    expect(job?.state).toBe('created');
  });

  it('refuses a payload that does not match the job’s schema', async () => {
    await expect(t.jobs.enqueue('send-email', { to: 'not-an-address', subject: '', text: 'Hi' })).rejects.toThrow(
      /Invalid email/,
    );
  });
});

describe('cleanup-auth-records job', () => {
  it('deletes sign-in attempts older than a day and keeps recent ones', async () => {
    await t.db.insert(loginAttempts).values([
      { email: 'old@example.com', succeeded: false, attemptedAt: sql`now() - interval '2 days'` },
      { email: 'new@example.com', succeeded: false },
    ]);
    const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };
    await cleanupAuthRecordsJob.handler(
      {},
      { db: t.db, mailer, config: t.config, log: createLogger({ level: 'silent' }), jobs: t.jobs },
    );
    const rows = await t.db
      .select({ email: loginAttempts.email, total: count() })
      .from(loginAttempts)
      .groupBy(loginAttempts.email);
    expect(rows).toEqual([{ email: 'new@example.com', total: 1 }]);
  });

  it('deletes reset requests older than a day: the limit of reset e-mails looks at the last hour only', async () => {
    await t.db
      .insert(passwordResetRequests)
      .values([
        { email: 'old@example.com', requestedAt: sql`now() - interval '2 days'` },
        { email: 'new@example.com' },
      ]);
    const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };
    await cleanupAuthRecordsJob.handler(
      {},
      { db: t.db, mailer, config: t.config, log: createLogger({ level: 'silent' }), jobs: t.jobs },
    );
    const rows = await t.db.select({ email: passwordResetRequests.email }).from(passwordResetRequests);
    expect(rows).toEqual([{ email: 'new@example.com' }]);
  });
});
