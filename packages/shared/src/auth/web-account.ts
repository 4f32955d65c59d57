import { z } from 'zod';
import type { Role } from './roles';

/**
 * Staff who may send a customer the invitation to their web account (a set-your-password e-mail) from the customer
 * record: managing customers' access is a management decision.
 */
export const WEB_ACCOUNT_INVITE_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/** Texts of the customer web account's invitation, written once for the API and the record screen. */
export const WEB_ACCOUNT_MESSAGES = {
  inviteAction: 'Send web-account invitation',
  invitationSent: 'The web-account invitation was sent.',
  noEmail: 'This customer has no e-mail address to send the invitation to.',
  staffEmail: "This customer's e-mail address belongs to a staff account. Give the customer another address first.",
} as const;

export const webAccountInvitationResponseSchema = z.object({
  message: z.string(),
  data: z.object({ email: z.string() }),
});
export type WebAccountInvitationResponse = z.infer<typeof webAccountInvitationResponseSchema>;
