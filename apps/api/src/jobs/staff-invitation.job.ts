import { z } from 'zod';
import { sendStaffInvitation } from '../modules/users/users.service';
import { defineJob } from './job';

/**
 * A new staff or crew user's set-your-password e-mail: only the user's id is queued. The job makes the link and mails
 * it, so the link is never in a payload. It tries again while the user is not visible yet (the creating transaction
 * still open).
 */
export const staffInvitationJob = defineJob({
  id: 'staff-invitation',
  payload: z.object({ userId: z.number().int().positive().max(2_147_483_647) }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  async handler({ userId }, { db, config, mailer }) {
    await sendStaffInvitation({ db, config, mailer }, userId);
  },
});
