import { z } from 'zod';
import { sendPasswordResetLink } from '../modules/auth/auth.service';
import { defineJob } from './job';

/**
 * A password-reset request: the address as typed (the route has checked its form), and the customer door when the
 * customer web account asked (absent: the staff sign-in). The job looks the account up,
 * makes the link and mails it, so the request answers before any of that work and the link is never in a payload.
 */
export const passwordResetJob = defineJob({
  id: 'password-reset',
  payload: z.object({ email: z.string().min(1).max(255), door: z.literal('customers').optional() }),
  holdsPersonalData: true,
  retryLimit: 5,
  retryDelaySeconds: 30,
  async handler({ email, door }, { db, config, mailer }) {
    await sendPasswordResetLink({ db, config, mailer }, email, door);
  },
});
