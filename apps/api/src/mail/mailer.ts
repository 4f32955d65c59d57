import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

/** A file to attach, read from a stream (the file store's), so no local path is needed. */
export type MailAttachment = { filename: string; content: Readable };

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  send: (message: MailMessage) => Promise<{ messageId: string; outboxFile?: string }>;
  close: () => void;
};

export type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string; log: Logger };

/**
 * Sends through SMTP when configured; otherwise writes each message as an .eml file into the outbox, so a machine
 * without a mail server still shows what would have gone out. Logs never carry bodies (they hold reset links), and
 * the outbox is private: folder 0700, files 0600.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { log } = options;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ ...message, from: options.from });
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: options.from });
      // The messages hold password-reset links: only the app's own user may read them.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const outboxFile = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(outboxFile, info.message, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, outboxFile }, 'e-mail written to outbox');
      return { messageId: info.messageId, outboxFile };
    },
    close: () => transport.close(),
  };
}
