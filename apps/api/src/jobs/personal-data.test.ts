import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import { useTestContext } from '../test/test-app';
import { waitFor } from '../test/wait-for';
import { eraseFinishedPersonalPayloads, PERSONAL_DATA_FAILURE } from './queue';

const t = useTestContext();

/** Refuses this recipient as a mail server would, naming the address in its error. */
const REFUSED = 'refused-recipient@example.com';
const delivered: MailMessage[] = [];

beforeAll(async () => {
  const mailer = {
    send: async (message: MailMessage) => {
      if (message.to === REFUSED) throw new Error(`550 mailbox unavailable: ${REFUSED}`);
      delivered.push(message);
      return { messageId: 'test' };
    },
    close: () => undefined,
  };
  await t.jobs.startWorkers({ db: t.db, mailer, config: t.config, log: createLogger({ level: 'silent' }) });
});

type StoredJob = { state: string; data: unknown; output: unknown };

async function storedJob(id: string): Promise<StoredJob | undefined> {
  const { rows } = await t.pool.query<StoredJob>(
    `select state::text as state, data, output from pgboss.job where id = $1
     union all select state::text, data, output from pgboss.archive where id = $1`,
    [id],
  );
  return rows[0];
}

const finished = (id: string) =>
  waitFor(`job ${id} to finish`, async () => {
    const job = await storedJob(id);
    return job && ['completed', 'failed'].includes(job.state) ? job : undefined;
  });

describe('jobs whose payload holds personal data', () => {
  it('keep no payload once they have completed', async () => {
    const id = await t.jobs.enqueue('send-email', {
      to: 'erased-after-sending@example.com',
      subject: 'Your report',
      text: 'The body of a personal message',
    });
    const job = await finished(id);
    expect(delivered.map((message) => message.to)).toContain('erased-after-sending@example.com');
    expect(job).toEqual({ state: 'completed', data: null, output: null });
  });

  it('keep neither the payload nor the error after their last attempt fails', async () => {
    // No retries, so the first failure is the last.
    const id = await t.jobs.boss.send(
      'send-email',
      { to: REFUSED, subject: 'Hello', text: 'A message that cannot be delivered' },
      { retryLimit: 0 },
    );
    if (!id) throw new Error('not queued');
    const job = await finished(id);
    expect(job).toMatchObject({ state: 'failed', data: null, output: { message: PERSONAL_DATA_FAILURE } });
    expect(JSON.stringify(job)).not.toContain(REFUSED);
  });

  it('are completed without running again when a process stopped between erasing and completing them', async () => {
    // A job as such a process leaves it: active, without payload (pg-boss stores a null payload; its typing wants one).
    const id = await t.jobs.boss.send('send-email', null as unknown as object);
    if (!id) throw new Error('not queued');
    const before = delivered.length;
    expect(await finished(id)).toEqual({ state: 'completed', data: null, output: null });
    expect(delivered.length).toBe(before);
  });

  it('are erased at start-up when they finished without a worker erasing them', async () => {
    // A job that ended without its worker, e.g. pg-boss failed it after its worker died (cancelled here, so no worker
    // takes it).
    const id = await t.jobs.boss.send(
      'password-reset',
      { email: 'left-behind@example.com' },
      { startAfter: new Date(Date.now() + 60 * 60 * 1000) },
    );
    if (!id) throw new Error('not queued');
    await t.jobs.boss.cancel('password-reset', id);
    expect((await storedJob(id))?.data).toEqual({ email: 'left-behind@example.com' });

    await eraseFinishedPersonalPayloads(t.jobs.boss);
    expect(await storedJob(id)).toMatchObject({ state: 'cancelled', data: null });
  });

  it('leave waiting jobs and the jobs of other queues alone', async () => {
    const waiting = await t.jobs.enqueue(
      'password-reset',
      { email: 'still-waiting@example.com' },
      { startAfter: new Date(Date.now() + 60 * 60 * 1000) },
    );
    const other = await t.jobs.boss.send(
      'schedule-process',
      { runId: 999_999 },
      { startAfter: new Date(Date.now() + 60 * 60 * 1000) },
    );
    if (!other) throw new Error('not queued');
    await t.jobs.boss.cancel('schedule-process', other);

    await eraseFinishedPersonalPayloads(t.jobs.boss);
    expect((await storedJob(waiting))?.data).toEqual({ email: 'still-waiting@example.com' });
    expect((await storedJob(other))?.data).toEqual({ runId: 999_999 });
  });
});
