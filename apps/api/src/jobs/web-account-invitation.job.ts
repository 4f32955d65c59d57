import { z } from 'zod';
import { sendWebAccountInvitation } from '../modules/web-accounts/web-accounts.service';
import { defineJob } from './job';

/**
 * A customer's web-account invitation: only the customer's id is queued. The job makes the set-your-password link and
 * mails it, so the link is never in a payload. It tries again while the account is not visible yet (the invitation's
 * transaction still open).
 */
export const webAccountInvitationJob = defineJob({
  id: 'web-account-invitation',
  payload: z.object({ customerId: z.number().int().positive().max(2_147_483_647) }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  async handler({ customerId }, { db, config, mailer }) {
    await sendWebAccountInvitation({ db, config, mailer }, customerId);
  },
});
