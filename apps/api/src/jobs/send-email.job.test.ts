import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import { createFileStorage } from '../storage/configured-storage';
import { StorageUnavailableError } from '../storage/file-storage';
import { freePort } from '../test/free-port';
import { useTestContext } from '../test/test-app';
import type { JobContext } from './job';
import { sendEmailJob } from './send-email.job';

// No workers here: the handler is run by hand with a mailer that records what it was given.
const t = useTestContext();
const log = createLogger({ level: 'silent' });

/** A mailer that reads every attachment to the end, as the real one does while it builds the message. */
function recordingMailer() {
  const sent: { message: MailMessage; attachments: { filename: string; text: string }[] }[] = [];
  return {
    sent,
    mailer: {
      async send(message: MailMessage) {
        const attachments = [];
        for (const attachment of message.attachments ?? []) {
          const chunks = (await attachment.content.toArray()) as Buffer[];
          attachments.push({ filename: attachment.filename, text: Buffer.concat(chunks).toString() });
        }
        sent.push({ message, attachments });
        return { messageId: 'test' };
      },
      close: () => undefined,
    },
  };
}

const context = (mailer: JobContext['mailer'], overrides: Partial<JobContext> = {}): JobContext => ({
  db: t.db,
  mailer,
  config: t.config,
  log,
  jobs: t.jobs,
  ...overrides,
});

const payload = (storageKey: string) => ({
  to: 'boss@example.com',
  subject: 'Report: March',
  text: 'Attached is the report.',
  attachments: [{ storageKey, filename: 'march.csv' }],
});

describe('send-email job', () => {
  it('attaches stored files read from the file store as streams', async () => {
    await createFileStorage(t).put('reports/1/1-march.csv', Readable.from(['Customer\n', 'Zoe Adams\n']));
    const { mailer, sent } = recordingMailer();
    await sendEmailJob.handler(payload('reports/1/1-march.csv'), context(mailer));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.attachments).toEqual([{ filename: 'march.csv', text: 'Customer\nZoe Adams\n' }]);
  });

  it('sends nothing, and does not ask for a retry, when an attachment is no longer stored', async () => {
    const { mailer, sent } = recordingMailer();
    await expect(sendEmailJob.handler(payload('reports/1/2-gone.csv'), context(mailer))).resolves.toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('fails, so the queue tries again later, when the file store cannot be reached', async () => {
    const { mailer, sent } = recordingMailer();
    const unreachable = {
      ...t.config,
      storage: 's3' as const,
      s3Bucket: 'lawn-files',
      s3Endpoint: `http://127.0.0.1:${await freePort()}`,
      s3AccessKeyId: 'key',
      s3SecretAccessKey: 'secret',
    };
    await expect(
      sendEmailJob.handler(payload('reports/1/1-march.csv'), context(mailer, { config: unreachable })),
    ).rejects.toThrow(StorageUnavailableError);
    expect(sent).toEqual([]);
  });
});
