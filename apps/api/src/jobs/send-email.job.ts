import { z } from 'zod';
import { createFileStorage } from '../storage/configured-storage';
import { isValidStorageKey } from '../storage/file-storage';
import type { MailAttachment } from '../mail/mailer';
import { defineJob } from './job';

/** A stored file (e.g. a generated report) to attach, by its storage key; the worker reads it from storage. */
const storedAttachment = z.object({
  storageKey: z.string().min(1).max(500).refine(isValidStorageKey, 'Invalid storage key'),
  filename: z.string().min(1).max(200),
});

export const sendEmailPayload = z.object({
  to: z.union([z.email(), z.array(z.email()).min(1)]),
  subject: z.string().min(1).max(200),
  text: z.string().min(1),
  html: z.string().optional(),
  attachments: z.array(storedAttachment).max(10).optional(),
});

/** Every outgoing e-mail goes through the queue, so a slow or failing mail server never holds up a request. */
export const sendEmailJob = defineJob({
  id: 'send-email',
  payload: sendEmailPayload,
  holdsPersonalData: true,
  retryLimit: 5,
  retryDelaySeconds: 30,
  async handler(payload, { mailer, config, db, log }) {
    const { attachments, ...message } = payload;
    if (!attachments?.length) {
      await mailer.send(message);
      return;
    }
    // Attachments are read from the file store as streams, whichever process stored them. A store that cannot be
    // reached throws, and the queue tries again later.
    const storage = createFileStorage({ config, db });
    const opened: MailAttachment[] = [];
    try {
      for (const attachment of attachments) {
        const file = await storage.read(attachment.storageKey);
        // A file deleted since the mail was asked for will not come back: retrying cannot help.
        if (!file) {
          log.warn({ storageKey: attachment.storageKey }, 'e-mail not sent: its attachment no longer exists');
          return;
        }
        opened.push({ filename: attachment.filename, content: file.stream });
      }
      await mailer.send({ ...message, attachments: opened });
    } finally {
      // Streams the mailer did not read to the end (a missing attachment, a failed send) are closed here.
      for (const attachment of opened) attachment.content.destroy();
    }
  },
});
