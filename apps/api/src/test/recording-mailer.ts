import type { JobContext } from '../jobs/job';
import { createLogger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import type { TestContext } from './test-app';

/**
 * A mailer that keeps every message it is given in `sent`, and `jobContext()`: what a mail job runs with on the test
 * database (read when called, since the test database exists only once the suite has started).
 */
export function recordingMailer(t: TestContext) {
  const sent: MailMessage[] = [];
  const mailer = {
    send: async (message: MailMessage) => {
      sent.push(message);
      return { messageId: 'test' };
    },
    close: () => undefined,
  };
  const jobContext = (): JobContext => ({
    db: t.db,
    mailer,
    config: t.config,
    log: createLogger({ level: 'silent' }),
    jobs: t.jobs,
  });
  return { sent, jobContext };
}
