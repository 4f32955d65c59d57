import { APP_PATHS, AUTH_MESSAGES } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema';
import { passwordResetJob } from '../../jobs/password-reset.job';
import { recordingMailer } from '../../test/recording-mailer';
import { nextIp, useTestContext } from '../../test/test-app';

// No workers: the queued jobs stay in the queue, and the job is run by hand.
const t = useTestContext();

function recover(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/recover-password',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

/** The recovery jobs queued for these addresses, oldest first. */
async function queuedRecoveries(emails: string[]): Promise<unknown[]> {
  const { rows } = await t.pool.query<{ data: unknown }>(
    `select data from pgboss.job where name = 'password-reset' and data->>'email' = any($1) order by created_on`,
    [emails],
  );
  return rows.map((row) => row.data);
}

/**
 * Holds an exclusive lock on the users table while `work` runs, so any look-up of an account would wait for it. The
 * lock is let go after 10 seconds whatever happens, so a request that does look up still ends (and the test fails).
 * Says whether `work` finished while the lock was still held.
 */
async function whileUsersAreLocked(work: () => Promise<void>): Promise<boolean> {
  const client = await t.pool.connect();
  let isLocked = true;
  const unlock = async () => {
    if (!isLocked) return;
    isLocked = false;
    await client.query('rollback');
  };
  await client.query('begin');
  await client.query('lock table users in access exclusive mode');
  const safety = setTimeout(() => void unlock(), 10_000);
  try {
    await work();
    return isLocked;
  } finally {
    clearTimeout(safety);
    await unlock();
    client.release();
  }
}

describe('POST /api/auth/recover-password', () => {
  it('answers known and unknown addresses after the same work, queuing the address, with no account look-up', async () => {
    const user = await t.createUser();
    const unknownEmail = 'nobody-at-all@example.com';
    const answers: { statusCode: number; body: unknown }[] = [];

    const answeredWhileLocked = await whileUsersAreLocked(async () => {
      for (const email of [unknownEmail, user.email]) {
        const response = await recover(email);
        answers.push({ statusCode: response.statusCode, body: response.json() });
      }
    });

    expect(answeredWhileLocked).toBe(true);
    expect(answers).toEqual([
      { statusCode: 200, body: { message: AUTH_MESSAGES.recoverSent } },
      { statusCode: 200, body: { message: AUTH_MESSAGES.recoverSent } },
    ]);
    expect(await queuedRecoveries([unknownEmail, user.email])).toEqual([
      { email: unknownEmail },
      { email: user.email },
    ]);
    // Nothing is decided yet: no link exists until the job runs.
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
  });
});

describe('reset e-mails per address', () => {
  const limit = () => t.config.passwordResetMailsPerHour;

  function recoverAt(door: 'staff' | 'customers', email: string) {
    return t.app.inject({
      method: 'POST',
      url: door === 'customers' ? '/api/web/auth/recover-password' : '/api/auth/recover-password',
      payload: { email },
      remoteAddress: nextIp(),
    });
  }

  /** How many recovery jobs are queued for the address, whatever its case. */
  async function queuedFor(email: string): Promise<number> {
    const { rows } = await t.pool.query<{ total: number }>(
      `select count(*)::int as total from pgboss.job where name = 'password-reset' and lower(data->>'email') = $1`,
      [email.toLowerCase()],
    );
    return rows[0]?.total ?? 0;
  }

  it('queues at most the hourly limit for an address, at both doors and in any case, and answers every request alike', async () => {
    const user = await t.createUser({ role: 'customers', email: 'flooded.inbox@example.com' });
    const typed = ['flooded.inbox@example.com', 'Flooded.Inbox@example.com', 'FLOODED.INBOX@EXAMPLE.COM'];
    const answers = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await recoverAt(index % 2 === 0 ? 'staff' : 'customers', typed[index % typed.length] ?? '');
      answers.push({ statusCode: response.statusCode, body: response.json() });
    }

    expect(limit()).toBe(3);
    expect(answers).toEqual(
      Array.from({ length: 8 }, () => ({ statusCode: 200, body: { message: AUTH_MESSAGES.recoverSent } })),
    );
    expect(await queuedFor(user.email)).toBe(limit());

    // Another address is not held back by this one.
    expect((await recoverAt('staff', 'someone.else@example.com')).statusCode).toBe(200);
    expect(await queuedFor('someone.else@example.com')).toBe(1);
  });

  it('counts an unknown address the same way, so the limit tells nothing about accounts', async () => {
    for (let index = 0; index < 5; index += 1) {
      expect((await recoverAt('staff', 'nobody.flooded@example.com')).json()).toEqual({
        message: AUTH_MESSAGES.recoverSent,
      });
    }
    expect(await queuedFor('nobody.flooded@example.com')).toBe(limit());
  });

  it('holds when the requests arrive at the same moment, and frees the address an hour after its requests', async () => {
    const email = 'all.at.once@example.com';
    const answers = await Promise.all(Array.from({ length: 10 }, () => recoverAt('staff', email)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await queuedFor(email)).toBe(limit());

    await t.pool.query(
      `update password_reset_requests set requested_at = requested_at - interval '1 hour' where email = $1`,
      [email],
    );
    await recoverAt('staff', email);
    expect(await queuedFor(email)).toBe(limit() + 1);
  });
});

describe('password-reset job', () => {
  const { sent, jobContext } = recordingMailer(t);
  const run = (email: string) => passwordResetJob.handler({ email }, jobContext());

  it('looks the address up, stores the hash of a new token and mails the link to the reset page', async () => {
    const user = await t.createUser({ email: 'Job.Reset@Example.com', firstName: 'Robin' });
    sent.length = 0;
    await run('job.reset@example.com');

    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message).toMatchObject({ to: user.email, subject: 'Reset your password' });
    const link = new RegExp(`^${t.config.appUrl}${APP_PATHS.resetPassword}\\?token=([A-Za-z0-9_-]{43})$`, 'm');
    const token = link.exec(message?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(message?.text).toContain('Hi Robin,');
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it('mails nothing for an unknown or a disabled account', async () => {
    const disabled = await t.createUser({ status: 0 });
    sent.length = 0;
    await run('nobody-here@example.com');
    await run(disabled.email);
    expect(sent).toEqual([]);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, disabled.id))).toEqual(
      [],
    );
  });
});
