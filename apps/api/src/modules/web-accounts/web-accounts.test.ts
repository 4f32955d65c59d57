import { APP_PATHS, AUTH_MESSAGES, WEB_ACCOUNT_MESSAGES, type TokenPair } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, customers, users } from '../../db/schema';
import { webAccountInvitationJob } from '../../jobs/web-account-invitation.job';
import type { MailMessage } from '../../mail/mailer';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { recordingMailer } from '../../test/recording-mailer';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';
import { inviteCustomerToWebAccount } from './web-accounts.service';

// No workers: queued jobs stay in the queue, and the invitation job is run by hand.
const t = useTestContext();

const { sent, jobContext } = recordingMailer(t);
const runJob = (customerId: number) => webAccountInvitationJob.handler({ customerId }, jobContext());

let marketId: number;
let admin: TestUser;

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Invitation Market');
  admin = await t.createUser({ role: 'Admin' });
});

async function queuedInvitations(customerId: number): Promise<unknown[]> {
  const { rows } = await t.pool.query<{ data: unknown }>(
    `select data from pgboss.job where name = 'web-account-invitation' and (data->>'customerId')::int = $1`,
    [customerId],
  );
  return rows.map((row) => row.data);
}

function linkFrom(message: MailMessage | undefined): string {
  const pattern = new RegExp(`^${t.config.appUrl}${APP_PATHS.webResetPassword}\\?token=([A-Za-z0-9_-]{43})$`, 'm');
  return pattern.exec(message?.text ?? '')?.[1] ?? '';
}

describe('inviteCustomerToWebAccount', () => {
  it('creates a customers-role account, links it and queues only the customer id; the job mails a working link', async () => {
    const record = await insertRecord(t.db, {
      marketId,
      customer: { email: 'Invited.Customer@Example.com', firstName: 'Jordan' },
    });
    const invitation = await t.db.transaction((tx) => inviteCustomerToWebAccount(tx, t.jobs, record.customerId));

    const [account] = await t.db.select().from(users).where(eq(users.id, invitation.userId));
    expect(account).toMatchObject({ role: 'customers', email: 'invited.customer@example.com', firstName: 'Jordan' });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, record.customerId));
    expect(customer?.userId).toBe(invitation.userId);
    expect(await queuedInvitations(record.customerId)).toEqual([{ customerId: record.customerId }]);

    // Nobody can sign in before the password is set.
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: 'invited.customer@example.com', password: 'any-password' },
      remoteAddress: nextIp(),
    });
    expect(early.statusCode).toBe(401);

    sent.length = 0;
    await runJob(record.customerId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'invited.customer@example.com',
      subject: 'Set the password of your web account',
    });
    expect(sent[0]?.text).toContain(`expires in ${t.config.webInvitationTtlHours} hours`);
    const token = linkFrom(sent[0]);
    expect(token).not.toBe('');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/reset-password',
      payload: { password: 'my-own-password', password_confirmation: 'my-own-password', password_token: token },
      remoteAddress: nextIp(),
    });
    expect(reset.json()).toEqual({ message: AUTH_MESSAGES.resetDone });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: 'invited.customer@example.com', password: 'my-own-password' },
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(200);
    const { accessToken } = login.json<{ data: TokenPair }>().data;
    const list = await t.app.inject({
      url: '/api/customer/payment-methods',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(list.json<{ data: { id: number }[] }>().data.map((property) => property.id)).toEqual([record.id]);
  });

  it('reuses the linked account, or an existing customer account of the address, instead of adding one', async () => {
    const existing = await t.createUser({ role: 'customers', email: 'already.here@example.com' });
    const record = await insertRecord(t.db, { marketId, customer: { email: 'already.here@example.com' } });
    const first = await t.db.transaction((tx) => inviteCustomerToWebAccount(tx, t.jobs, record.customerId));
    const again = await inviteCustomerToWebAccount(t.db, t.jobs, record.customerId);
    expect([first.userId, again.userId]).toEqual([existing.id, existing.id]);
  });

  it('refuses a customer without an e-mail address, or whose address belongs to staff', async () => {
    const noEmail = await insertRecord(t.db, { marketId, customer: { email: null } });
    await expect(inviteCustomerToWebAccount(t.db, t.jobs, noEmail.customerId)).rejects.toMatchObject({
      statusCode: 400,
      message: WEB_ACCOUNT_MESSAGES.noEmail,
    });
    const staffAddress = await insertRecord(t.db, { marketId, customer: { email: admin.email } });
    await expect(inviteCustomerToWebAccount(t.db, t.jobs, staffAddress.customerId)).rejects.toMatchObject({
      statusCode: 409,
      message: WEB_ACCOUNT_MESSAGES.staffEmail,
    });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, staffAddress.customerId));
    expect(customer?.userId).toBeNull();
  });

  it('leaves nothing behind when the calling transaction rolls back, and its job then mails nothing', async () => {
    const record = await insertRecord(t.db, { marketId, customer: { email: 'rolled.back@example.com' } });
    await expect(
      t.db.transaction(async (tx) => {
        await inviteCustomerToWebAccount(tx, t.jobs, record.customerId);
        throw new Error('creation failed');
      }),
    ).rejects.toThrow('creation failed');
    expect(await t.db.select().from(users).where(eq(users.email, 'rolled.back@example.com'))).toEqual([]);
    sent.length = 0;
    await expect(runJob(record.customerId)).rejects.toThrow();
    expect(sent).toEqual([]);
  });
});

describe('POST /api/customers/:id/web-account-invitation', () => {
  it('lets an Admin send it from the record, recorded in the history', async () => {
    const record = await insertRecord(t.db, { marketId, customer: { email: 'from.record@example.com' } });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${record.id}/web-account-invitation`,
      headers: await t.authHeaders(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: WEB_ACCOUNT_MESSAGES.invitationSent,
      data: { email: 'from.record@example.com' },
    });
    const history = await t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, record.id));
    expect(history).toEqual([
      expect.objectContaining({
        userId: admin.id,
        action: 'web-account',
        description: 'Web-account invitation sent to from.record@example.com',
      }),
    ]);
  });

  it('is refused to a Representative (403) and answers 404 for an unknown record', async () => {
    const record = await insertRecord(t.db, { marketId });
    const representative = await t.createUser({ role: 'Representative' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${record.id}/web-account-invitation`,
      headers: await t.authHeaders(representative),
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/customers/987654/web-account-invitation',
      headers: await t.authHeaders(admin),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
