import { USER_STATUS, WEB_ACCOUNT_MESSAGES, type Actor } from '@lawn/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { ensureCustomerAccount, issuePasswordLink } from '../auth/auth.service';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import { webAccountInvitationEmail } from './web-account-invitation-email';
import * as repo from './web-accounts.repo';

const HOUR_MINUTES = 60;

/** Answers who was invited: the address the set-your-password e-mail goes to. */
export type WebAccountInvitation = { userId: number; email: string };

/**
 * Gives a customer a web account and queues its set-your-password e-mail. The account is the customers-role user of
 * the customer's e-mail address: the one already linked, an existing customer account of that address, or a new one
 * whose password nobody knows until the customer sets it through the link. It is linked to the customer, so the
 * customer's sign-in reaches their own properties.
 *
 * Runs in the caller's transaction (a new customer's creation calls it with its own). The e-mail's job makes the link
 * itself, so the token never sits in the queue; it waits for the account to be visible, so a job that starts before
 * the caller commits simply runs again a little later.
 */
export async function inviteCustomerToWebAccount(
  executor: Executor,
  jobs: Pick<JobQueue, 'enqueue'>,
  customerId: number,
): Promise<WebAccountInvitation> {
  const customer = await repo.findCustomer(executor, customerId);
  if (!customer) throw notFound();
  const email = customer.email?.trim();
  if (!email) throw badRequest(WEB_ACCOUNT_MESSAGES.noEmail, { email: [WEB_ACCOUNT_MESSAGES.noEmail] });
  let userId = customer.userId;
  if (userId === null) {
    const account = await ensureCustomerAccount(executor, {
      email,
      firstName: customer.firstName,
      lastName: customer.lastName,
    });
    if (!account) throw conflict(WEB_ACCOUNT_MESSAGES.staffEmail, { email: [WEB_ACCOUNT_MESSAGES.staffEmail] });
    userId = account.id;
    await repo.linkUser(executor, customer.id, userId);
  }
  await jobs.enqueue('web-account-invitation', { customerId: customer.id });
  return { userId, email };
}

/**
 * Mails the invitation of a customer's linked web account (the web-account invitation job): a link to the customer
 * reset page that sets the password, valid for the configured hours. Only the newest link works. A disabled account is
 * not mailed.
 */
export async function sendWebAccountInvitation(
  { db, config, mailer }: { db: Database; config: Config; mailer: Pick<Mailer, 'send'> },
  customerId: number,
): Promise<void> {
  const account = await repo.findLinkedAccount(db, customerId);
  // Not visible yet: the transaction that invited the customer has not committed. Failing lets the queue try again.
  if (!account) throw new Error('the invited account is not linked yet');
  if (account.status !== USER_STATUS.active || account.role !== 'customers') return;
  const validMinutes = config.webInvitationTtlHours * HOUR_MINUTES;
  const link = await issuePasswordLink({ db, config }, { id: account.userId, role: account.role }, validMinutes);
  await mailer.send({
    to: account.email,
    ...webAccountInvitationEmail({
      firstName: account.firstName,
      email: account.email,
      link,
      validHours: config.webInvitationTtlHours,
    }),
  });
}

/** Staff sending the invitation from a customer record. */
export function createWebAccountsService({ db, jobs }: { db: Database; jobs: Pick<JobQueue, 'enqueue'> }) {
  return {
    /** Invites the customer of record `propertyId`; the record's history says who sent it, and to which address. */
    async inviteFromRecord(propertyId: number, actor: Actor): Promise<WebAccountInvitation> {
      return db.transaction(async (tx) => {
        await requireLiveRecord(tx, propertyId);
        const customerId = await repo.findCustomerIdOfProperty(tx, propertyId);
        if (customerId === undefined) throw notFound();
        const invitation = await inviteCustomerToWebAccount(tx, jobs, customerId);
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'web-account',
          description: `Web-account invitation sent to ${invitation.email}`,
          changes: null,
          isEdit: false,
        });
        return invitation;
      });
    },
  };
}

export type WebAccountsService = ReturnType<typeof createWebAccountsService>;
