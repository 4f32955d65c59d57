import { z } from 'zod';
import { defineJob } from './job';

export const sendEmailPayload = z.object({
  to: z.union([z.email(), z.array(z.email()).min(1)]),
  subject: z.string().min(1).max(200),
  text: z.string().min(1),
  html: z.string().optional(),
  attachments: z.array(z.object({ path: z.string().min(1), filename: z.string().optional() })).optional(),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

/** Every outgoing e-mail goes through the queue, so a slow or failing mail server never holds up a request. */
export const sendEmailJob = defineJob({
  id: 'send-email',
  payload: sendEmailPayload,
  retryLimit: 5,
  retryDelaySeconds: 30,
  async handler(payload, { mailer }) {
    await mailer.send(payload);
  },
});
