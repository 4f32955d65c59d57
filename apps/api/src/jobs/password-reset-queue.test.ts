import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import { inviteCustomerToWebAccount } from '../modules/web-accounts/web-accounts.service';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { nextIp, useTestContext, type TestContext } from '../test/test-app';
import { waitFor } from '../test/wait-for';

const RESET_SUBJECT = 'Reset your password';
/**
 * The workers look for new jobs this seldom, far longer than any wait below: whatever they do within a test, they do
 * on their first look or by going on at once after a job, never by polling again.
 */
const POLLING_INTERVAL_SECONDS = 60;
const WITHIN_ONE_POLL_MS = 20_000;

function askForReset(t: TestContext, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/recover-password',
    payload: { email },
    remoteAddress: nextIp(),
  });
}

/** A mailer that records the subjects it sends, and holds every message but reset mails until `release`. */
function holdingMailer(release: Promise<void>, onReset: () => void) {
  const sent: string[] = [];
  const mailer = {
    async send(message: MailMessage) {
      if (message.subject === RESET_SUBJECT) onReset();
      else await release;
      sent.push(message.subject);
      return { messageId: 'test' };
    },
    close: () => undefined,
  };
  return { sent, mailer };
}

function startWorkers(t: TestContext, mailer: ReturnType<typeof holdingMailer>['mailer']) {
  return t.jobs.startWorkers({ db: t.db, mailer, config: t.config, log: createLogger({ level: 'silent' }) });
}

describe('reset e-mail behind bulk e-mail', () => {
  const t = useTestContext({ config: { jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS } });
  const BULK_MAILS = 20;
  const INVITATIONS = 3;

  it('is mailed while a backlog of schedules, reports and invitations is stuck at the mail server', async () => {
    // Schedules and reports go through the send-email queue, invitations through their own; all queued first.
    for (let index = 0; index < BULK_MAILS; index += 1) {
      await t.jobs.enqueue('send-email', { to: 'office@example.com', subject: `Schedule ${index}`, text: 'Attached.' });
    }
    const marketId = await insertMarket(t.db, 'Bulk Mail Market');
    for (let index = 0; index < INVITATIONS; index += 1) {
      const record = await insertRecord(t.db, { marketId });
      await inviteCustomerToWebAccount(t.db, t.jobs, record.customerId);
    }
    const user = await t.createUser();
    expect((await askForReset(t, user.email)).statusCode).toBe(200);

    // The mail server takes no bulk mail until the reset link has gone out, or 5 seconds have passed: a reset queued
    // behind the bulk mail would then arrive after it, failing the check below instead of hanging the test.
    let resetMailed = () => undefined as void;
    const release = Promise.race([
      new Promise<void>((resolve) => {
        resetMailed = resolve;
      }),
      new Promise<void>((resolve) => setTimeout(resolve, 5_000)),
    ]);
    const { sent, mailer } = holdingMailer(release, () => resetMailed());
    await startWorkers(t, mailer);

    await waitFor(
      'the reset link to be mailed',
      async () => (sent.includes(RESET_SUBJECT) ? true : undefined),
      WITHIN_ONE_POLL_MS,
    );
    expect(sent[0]).toBe(RESET_SUBJECT);
  });
});

describe('a backlog of reset requests', () => {
  const t = useTestContext({ config: { jobPollingIntervalSeconds: POLLING_INTERVAL_SECONDS } });

  it('is worked through job after job, without waiting for the next poll in between', async () => {
    const addresses = [];
    for (let index = 0; index < 8; index += 1) addresses.push((await t.createUser()).email);
    for (const email of addresses) expect((await askForReset(t, email)).statusCode).toBe(200);

    const { sent, mailer } = holdingMailer(Promise.resolve(), () => undefined);
    await startWorkers(t, mailer);

    await waitFor(
      'every reset link to be mailed',
      async () => (sent.length === addresses.length ? true : undefined),
      WITHIN_ONE_POLL_MS,
    );
    expect(sent).toEqual(addresses.map(() => RESET_SUBJECT));
  });
});
