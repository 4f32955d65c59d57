import { z } from 'zod';
import { sendPasswordResetLink } from '../modules/auth/auth.service';
import { defineJob } from './job';

/**
 * A password-reset request: the address as typed (the route has checked its form). The job looks the account up,
 * makes the link and mails it, so the request answers before any of that work and the link is never in a payload.
 */
export const passwordResetJob = defineJob({
  id: 'password-reset',
  payload: z.object({ email: z.string().min(1).max(255) }),
  holdsPersonalData: true,
  retryLimit: 5,
  retryDelaySeconds: 30,
  async handler({ email }, { db, config, mailer }) {
    await sendPasswordResetLink({ db, config, mailer }, email);
  },
});
