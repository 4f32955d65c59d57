import { z } from 'zod';
import { createFileStorage, isValidStorageKey } from '../storage/file-storage';
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
  async handler(payload, { mailer, config, log }) {
    const { attachments, ...message } = payload;
    if (!attachments?.length) {
      await mailer.send(message);
      return;
    }
    const storage = createFileStorage(config);
    for (const attachment of attachments) {
      // A file deleted since the mail was asked for will not come back: retrying cannot help.
      if (!(await storage.stat(attachment.storageKey))) {
        log.warn({ storageKey: attachment.storageKey }, 'e-mail not sent: its attachment no longer exists');
        return;
      }
    }
    await mailer.send({
      ...message,
      attachments: attachments.map((attachment) => ({
        path: storage.path(attachment.storageKey),
        filename: attachment.filename,
      })),
    });
  },
});
