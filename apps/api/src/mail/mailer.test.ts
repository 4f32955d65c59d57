import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from '../logger';
import { createMailer } from './mailer';

describe('the outbox mailer', () => {
  it('keeps messages (they hold reset links) private to its user: folder 0700, files 0600', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'lawn-outbox-'));
    onTestFinished(() => rm(parent, { recursive: true, force: true }));
    const outboxDir = path.join(parent, 'outbox');
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Lawn Care Office <no-reply@example.com>',
      outboxDir,
      log: createLogger({ level: 'silent' }),
    });
    onTestFinished(() => mailer.close());

    const { outboxFile } = await mailer.send({ to: 'dana@example.com', subject: 'Reset', text: 'https://x/reset' });

    expect(await readdir(outboxDir)).toEqual([path.basename(outboxFile ?? '')]);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    expect((await stat(outboxFile ?? '')).mode & 0o777).toBe(0o600);
  });
});
