import {
  addDays,
  CUSTOMER_STATUS,
  dateOfWeekday,
  DECLINED_CHARGE_MESSAGES,
  INVOICE_STATUS,
  NOTIFICATION_TYPES,
  type IsoDate,
} from '@lawn/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  chargeAttempts,
  customerHistory,
  invoices,
  notifications,
  properties,
  propertySchedules,
} from '../../db/schema';
import { retryDeclinedChargesJob } from '../../jobs/retry-declined-charges.job';
import { createLogger } from '../../logger';
import type { PaymentGateway } from '../../payments/gateway';
import { encryptFor, GOOD_CARDS } from '../../test/payment-fixtures';
import { insertRecord } from '../../test/record-fixtures';
import { recordingMailer } from '../../test/recording-mailer';
import { useTestContext } from '../../test/test-app';
import { payByCard, useBillingSetUp } from './billing.test-fixtures';
import { retryDueCharges, runBilling } from './billing.service';
import { retryCharge, retryChargeKey } from './charge-retries';

/**
 * A declined charge followed up: the property goes on hold (Card declined) with the reason in its history, the
 * customer is e-mailed a link to their payment page, the office is notified; the charge is retried on the schedule
 * and at once after a new card, each attempt under its own idempotency key, and a success gives the status back.
 */
const t = useTestContext();
const log = createLogger({ level: 'silent' });
const YEAR = 2027;
/** Week 11 of 2027: Monday May 3 to Friday May 7. */
const MONDAY = dateOfWeekday(YEAR, 11, 1);
const TUESDAY = addDays(MONDAY, 1);
const INSUFFICIENT_FUNDS = '4000000000009995';
const setUp = useBillingSetUp(t, 'Declines market');
const mail = recordingMailer(t);

/** Noon in Chicago on `date`: the clock of a run on that business day. */
const noonOf = (date: IsoDate) => () => new Date(`${date}T17:00:00Z`);

const notices = (clockDate: IsoDate, gateway: PaymentGateway = setUp.gateway) => ({
  db: t.db,
  gateway,
  log,
  jobs: t.jobs,
  appUrl: t.config.appUrl,
  clock: noonOf(clockDate),
});

const bill = (billingDate: IsoDate) =>
  runBilling({ ...notices(billingDate), charges: 'schedule' }, billingDate, { isLastAttempt: true });

/** A property paying by a card that declines for lack of funds, mowed on Monday of week 11, with an e-mail. */
async function declinedCustomer(
  status: number = CUSTOMER_STATUS.active,
): Promise<{ propertyId: number; email: string }> {
  const email = `declined-${Math.random().toString(36).slice(2)}@example.com`;
  const { id } = await insertRecord(t.db, {
    marketId: setUp.marketId,
    customer: { email },
    property: { customerEmail: email, status },
  });
  await payByCard(t, setUp.gateway, id, INSUFFICIENT_FUNDS);
  await t.db.insert(propertySchedules).values({ propertyId: id, year: YEAR, planned: [MONDAY], workdays: [MONDAY] });
  return { propertyId: id, email };
}

async function invoiceOf(propertyId: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.propertyId, propertyId));
  if (!row) throw new Error('no invoice');
  return row;
}
async function statusOf(propertyId: number) {
  const [row] = await t.db.select({ status: properties.status }).from(properties).where(eq(properties.id, propertyId));
  return row?.status;
}
const attemptsOf = (invoiceId: number) =>
  t.db.select().from(chargeAttempts).where(eq(chargeAttempts.invoiceId, invoiceId)).orderBy(asc(chargeAttempts.number));
const historyOf = (propertyId: number) =>
  t.db
    .select()
    .from(customerHistory)
    .where(and(eq(customerHistory.propertyId, propertyId), eq(customerHistory.action, 'billing')))
    .orderBy(asc(customerHistory.id));
/** The e-mails queued to `to` (the workers do not run in these tests, so they wait in the queue). */
async function queuedMailTo(to: string): Promise<{ subject: string; text: string }[]> {
  const result = await t.pool.query<{ data: { subject: string; text: string } }>(
    "select data from pgboss.job where name = 'send-email' and data->>'to' = $1",
    [to],
  );
  return result.rows.map((row) => row.data);
}
const vaultChargesOf = async (invoiceId: number) =>
  (
    await t.pool.query<{ key: string; status: string }>(
      'select idempotency_key as key, status from payment_vault.charges where idempotency_key like $1 order by created_at',
      [`invoice-${invoiceId}%`],
    )
  ).rows;

/** Gives the property a good card through the office's payment page, as a person does. */
async function saveNewCard(propertyId: number): Promise<void> {
  const staff = await t.createUser({ role: 'customer-service' });
  const key = await t.app.inject({ url: '/api/payments/public-key' });
  const publicKey = key.json<{ data: { publicKey: string } }>().data.publicKey;
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${propertyId}/update-credit-card`,
    headers: { ...(await t.authHeaders(staff)), 'idempotency-key': `card-${propertyId}` },
    payload: {
      paymentOption: 0,
      nameOnCard: 'Pat Doe',
      creditCardNumber: await encryptFor(
        { encryptionKey: async () => ({ publicKey, algorithm: 'RSA-OAEP-256' }) },
        GOOD_CARDS.visa,
      ),
      cardType: 4,
      creditCardExpirationMonth: 12,
      creditCardExpirationYear: 2030,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('a declined charge', () => {
  it('holds the property, e-mails the customer, notifies the office; a new card is retried and restores the status', async () => {
    const manager = await t.createUser({ role: 'Manager' });
    const { propertyId, email } = await declinedCustomer(CUSTOMER_STATUS.stewart);

    expect(await bill(TUESDAY)).toMatchObject({ declined: 1 });
    const invoice = await invoiceOf(propertyId);
    expect(invoice).toMatchObject({ status: INVOICE_STATUS.declined, declineCode: 'insufficient_funds' });
    expect(await statusOf(propertyId)).toBe(CUSTOMER_STATUS.cardDeclined);
    expect(await historyOf(propertyId)).toMatchObject([
      {
        userId: null,
        description: expect.stringContaining('Insufficient funds when charging the service of 05/03/2027'),
        changes: { status: { from: 'Stewart', to: 'Card declined' } },
      },
    ]);
    const [message] = await queuedMailTo(email);
    expect(message?.subject).toBe('Your lawn service payment was declined');
    expect(message?.text).toContain(`${t.config.appUrl}/web/account/payment-list`);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.customerAttributeId, propertyId)));
    expect(notice).toMatchObject({
      typeId: NOTIFICATION_TYPES.customerActivity,
      name: 'Charge declined: Insufficient funds',
    });
    expect(await attemptsOf(invoice.id)).toMatchObject([
      { number: 1, source: 'billing', result: 'declined', idempotencyKey: `invoice-${invoice.id}` },
    ]);

    // A new card keeps the hold (the charge has not gone through yet) and queues the retry at once.
    await saveNewCard(propertyId);
    expect(await statusOf(propertyId)).toBe(CUSTOMER_STATUS.cardDeclined);
    const queued = await t.pool.query<{ data: { propertyId: number } }>(
      "select data from pgboss.job where name = 'retry-declined-charges' and (data->>'propertyId')::int = $1",
      [propertyId],
    );
    expect(queued.rows).toHaveLength(1);
    await retryDeclinedChargesJob.handler({ propertyId }, mail.jobContext());

    expect(await invoiceOf(propertyId)).toMatchObject({
      status: INVOICE_STATUS.paid,
      declineCode: null,
      lastFour: '4242',
    });
    expect(await statusOf(propertyId)).toBe(CUSTOMER_STATUS.stewart);
    expect(await attemptsOf(invoice.id)).toMatchObject([
      { number: 1, result: 'declined' },
      { number: 2, source: 'payment-method', result: 'paid', idempotencyKey: retryChargeKey(invoice.id, 2) },
    ]);
    expect((await historyOf(propertyId)).at(-1)).toMatchObject({
      description: expect.stringContaining('status restored from Card declined to Stewart'),
      changes: { status: { from: 'Card declined', to: 'Stewart' } },
    });
  });

  it('is retried on the schedule: 3, then 5, then 7 days after the attempt before, then no more', async () => {
    const { propertyId, email } = await declinedCustomer();
    await bill(TUESDAY);
    const invoice = await invoiceOf(propertyId);
    const retry = (date: IsoDate) => retryDueCharges({ ...notices(date), retryDays: [3, 5, 7] }, date);

    expect(await retry(addDays(TUESDAY, 2))).toMatchObject({ declined: 0 });
    expect(await retry(addDays(TUESDAY, 3))).toMatchObject({ declined: 1 });
    expect(await retry(addDays(TUESDAY, 7))).toMatchObject({ declined: 0 });
    expect(await retry(addDays(TUESDAY, 8))).toMatchObject({ declined: 1 });
    expect(await retry(addDays(TUESDAY, 14))).toMatchObject({ declined: 0 });
    expect(await retry(addDays(TUESDAY, 15))).toMatchObject({ declined: 1 });
    expect(await retry(addDays(TUESDAY, 60))).toMatchObject({ declined: 0 });

    expect((await attemptsOf(invoice.id)).map((attempt) => [attempt.number, attempt.source, attempt.result])).toEqual([
      [1, 'billing', 'declined'],
      [2, 'schedule', 'declined'],
      [3, 'schedule', 'declined'],
      [4, 'schedule', 'declined'],
    ]);
    // Four charges, each under its own key: a declined key would answer its decline for ever.
    expect((await vaultChargesOf(invoice.id)).map((charge) => charge.key)).toEqual([
      `invoice-${invoice.id}`,
      retryChargeKey(invoice.id, 2),
      retryChargeKey(invoice.id, 3),
      retryChargeKey(invoice.id, 4),
    ]);
    // One hold, one e-mail: the retries declined again do not mail the customer again.
    expect(await queuedMailTo(email)).toHaveLength(1);
    expect(await statusOf(propertyId)).toBe(CUSTOMER_STATUS.cardDeclined);
  });

  it('replayed after a crash between the charge and its record, is charged once', async () => {
    const { propertyId } = await declinedCustomer();
    await bill(TUESDAY);
    const invoice = await invoiceOf(propertyId);
    await payByCard(t, setUp.gateway, propertyId, GOOD_CARDS.visa);

    // The process dies once the gateway charged, before the answer is written.
    const crashing: PaymentGateway = {
      ...setUp.gateway,
      charge: async (request) => {
        await setUp.gateway.charge(request);
        throw new Error('process killed');
      },
    };
    await expect(
      retryCharge(notices(TUESDAY, crashing), invoice.id, { source: 'schedule', actor: null }),
    ).rejects.toThrow('process killed');
    expect(await invoiceOf(propertyId)).toMatchObject({ status: INVOICE_STATUS.declined });
    expect(await attemptsOf(invoice.id)).toMatchObject([{ number: 1 }, { number: 2, result: 'started' }]);

    // The next run finds the unanswered attempt due at once and sends its key again: the gateway answers its charge.
    expect(await retryDueCharges({ ...notices(TUESDAY), retryDays: [3] }, TUESDAY)).toMatchObject({ paid: 1 });
    expect(await invoiceOf(propertyId)).toMatchObject({ status: INVOICE_STATUS.paid });
    expect(await attemptsOf(invoice.id)).toMatchObject([{ number: 1 }, { number: 2, result: 'paid' }]);
    expect(await vaultChargesOf(invoice.id)).toEqual([
      { key: `invoice-${invoice.id}`, status: 'declined' },
      { key: retryChargeKey(invoice.id, 2), status: 'approved' },
    ]);
    expect(await statusOf(propertyId)).toBe(CUSTOMER_STATUS.active);
  });
});

describe('the office on /invoices', () => {
  it('lists the attempts with the next retry, retries now, and marks paid another way from the version read', async () => {
    const collector = await t.createUser({ role: 'customer-service' });
    const representative = await t.createUser({ role: 'Representative' });
    const headers = await t.authHeaders(collector);
    const first = await declinedCustomer();
    const second = await declinedCustomer();
    await bill(TUESDAY);
    const declined = await invoiceOf(first.propertyId);
    const other = await invoiceOf(second.propertyId);

    const attempts = await t.app.inject({ url: `/api/invoices/${declined.id}/attempts`, headers });
    expect(attempts.statusCode, attempts.body).toBe(200);
    expect(attempts.json().data).toMatchObject({
      attempts: [
        { number: 1, sourceName: 'Daily billing', resultName: 'Declined', declineReason: 'Insufficient funds' },
      ],
    });
    expect(attempts.json().data.nextRetryOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await t.app.inject({ url: '/api/invoices/99999999/attempts', headers })).statusCode).toBe(404);

    // Retry now: declined again on the same card, recorded with who asked.
    const retried = await t.app.inject({ method: 'POST', url: `/api/invoices/${declined.id}/retry`, headers });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ data: { outcome: 'declined' } });
    expect((await attemptsOf(declined.id)).at(-1)).toMatchObject({ source: 'office', userId: collector.id });
    // A Representative reads the invoices but does not collect.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${declined.id}/retry`,
      headers: await t.authHeaders(representative),
    });
    expect(refused.statusCode).toBe(403);

    // Mark paid: the version read, a note; a stale version and a second time are refused.
    const { version } = await invoiceOf(first.propertyId);
    const markPaid = (id: number, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/invoices/${id}/mark-paid`, headers, payload });
    const missingNote = await markPaid(declined.id, { method: 'check', note: '', version });
    expect(missingNote.statusCode).toBe(400);
    expect(missingNote.json()).toMatchObject({ errors: { note: [DECLINED_CHARGE_MESSAGES.noteRequired] } });
    expect(
      (await markPaid(declined.id, { method: 'check', note: 'Check 1042', version: version - 1 })).statusCode,
    ).toBe(409);
    const paid = await markPaid(declined.id, { method: 'check', note: 'Check 1042', version });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await invoiceOf(first.propertyId)).toMatchObject({ status: INVOICE_STATUS.paid, version: version + 1 });
    expect(await statusOf(first.propertyId)).toBe(CUSTOMER_STATUS.active);
    expect((await attemptsOf(declined.id)).at(-1)).toMatchObject({
      source: 'paid-another-way',
      result: 'paid',
      note: 'Check: Check 1042',
      idempotencyKey: null,
    });
    expect((await historyOf(first.propertyId)).map((entry) => entry.description)).toEqual(
      expect.arrayContaining([expect.stringContaining('paid by check: Check 1042')]),
    );
    const again = await markPaid(declined.id, { method: 'check', note: 'Check 1042', version: version + 1 });
    expect(again.json()).toMatchObject({ message: DECLINED_CHARGE_MESSAGES.notDeclined });

    // The list filters on the status; the other customer's invoice is still declined.
    const list = await t.app.inject({ url: '/api/invoices?filter[status]=2', headers });
    expect(list.json()).toMatchObject({ total: 1, data: [{ id: other.id, version: 1 }] });
    expect((await t.app.inject({ url: '/api/invoices?filter[status]=7', headers })).statusCode).toBe(400);
  });
});
