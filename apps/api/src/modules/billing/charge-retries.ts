import {
  calendarDateIn,
  CHARGE_ATTEMPT_SOURCES,
  DECLINED_CHARGE_MESSAGES,
  formatUsDate,
  INVOICE_STATUS,
  OTHER_PAYMENT_METHODS,
  type Actor,
  type ChargeAttemptSource,
  type IsoDate,
  type MarkInvoicePaid,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { GatewayUnavailableError, type PaymentGateway } from '../../payments/gateway';
import { recordPropertyChange } from '../customers/customers.service';
import { chargeOne, mapConcurrently } from './billing.runner';
import * as attempts from './charge-attempts.repo';
import {
  followUpDecline,
  restoreWhenSettled,
  sendDeclineNotices,
  type DeclineNotice,
  type DeclineNoticeDeps,
} from './declined-charges';

export type ChargeRetryDeps = DeclineNoticeDeps & { db: Database; gateway: PaymentGateway; clock?: () => Date };

/** What started a retry: the product (a scheduled retry, a customer's new card) or a person (Retry now). */
export type RetryStarter = { source: ChargeAttemptSource; actor: Actor | null };

export type RetryOutcome = 'paid' | 'declined' | 'unavailable' | 'not-declined';

/** Retries charged at once by a scheduled run: a provider answers each in tens of milliseconds, so they overlap. */
const RETRY_CONCURRENCY = 4;
/** Declined invoices a scheduled run reads at a time. */
const RETRY_BATCH = 200;

/**
 * The idempotency key of retry `number` of an invoice (the first attempt, the daily billing's, is `invoice-{id}`). A
 * declined key answers its decline for ever, so each retry needs its own; it is recorded before the gateway is called.
 */
export const retryChargeKey = (invoiceId: number, number: number) => `invoice-${invoiceId}-attempt-${number}`;

/**
 * Tries a declined invoice's charge again, on the property's payment method now. In three steps, so a crash never
 * charges twice: (1) a transaction records the attempt with its own idempotency key (or takes up an attempt left
 * unanswered by a crash or an unreachable gateway, with its key); (2) the gateway is asked, outside any transaction;
 * (3) a transaction writes the answer, once: paid restores the property's status when nothing else is declined,
 * declined keeps it on hold. The gateway answers a key it has seen with the charge it made.
 */
export async function retryCharge(
  deps: ChargeRetryDeps,
  invoiceId: number,
  starter: RetryStarter,
): Promise<RetryOutcome> {
  const { db, gateway } = deps;
  const now = (deps.clock ?? (() => new Date()))();
  const today = calendarDateIn(now);
  const started = await db.transaction(async (tx) => {
    const charge = await attempts.lockDeclinedInvoice(tx, invoiceId);
    if (!charge) return null;
    const made = await attempts.attemptsOf(tx, invoiceId);
    const unanswered = made.find((attempt) => attempt.result === 'started' && attempt.idempotencyKey !== null);
    if (unanswered) return { charge, attempt: unanswered };
    // An invoice declined before attempts were recorded had its first charge all the same.
    const number = (made.at(-1)?.number ?? 1) + 1;
    const attempt = await attempts.insertAttempt(tx, {
      invoiceId,
      number,
      idempotencyKey: retryChargeKey(invoiceId, number),
      source: starter.source,
      userId: starter.actor?.id ?? null,
      startedAt: now,
    });
    return { charge, attempt };
  });
  if (!started) return 'not-declined';
  const { charge, attempt } = started;
  const result = await chargeOne(
    gateway,
    charge,
    today,
    attempt.idempotencyKey ?? retryChargeKey(invoiceId, attempt.number),
  );
  if (!result) return 'unavailable';

  const isPaid = result.status === INVOICE_STATUS.paid;
  const notices: DeclineNotice[] = [];
  const by = CHARGE_ATTEMPT_SOURCES[starter.source].toLowerCase();
  await db.transaction(async (tx) => {
    await attempts.lockInvoiceVersion(tx, invoiceId);
    const isFirstAnswer = await attempts.finishAttempt(tx, attempt.id, {
      result: isPaid ? 'paid' : 'declined',
      declineCode: result.declineCode,
      transactionId: result.transactionId,
    });
    // Another worker sent the same key and wrote the same answer first.
    if (!isFirstAnswer) return;
    const service = `the service of ${formatUsDate(charge.serviceDate)}`;
    if (isPaid) {
      await attempts.markInvoicePaid(tx, invoiceId, {
        transactionId: result.transactionId,
        paymentType: result.paymentType,
        cardType: result.cardType,
        lastFour: result.lastFour,
      });
      await recordPropertyChange(tx, {
        propertyId: charge.propertyId,
        actor: starter.actor,
        action: 'billing',
        description: `The declined charge of ${service} went through (${by})`,
        changes: null,
        isEdit: false,
      });
      await restoreWhenSettled(tx, charge.propertyId, { today, now, actor: starter.actor, why: `Paid ${service}` });
      return;
    }
    const declineCode = result.declineCode ?? 'card_declined';
    await attempts.setDeclineCode(tx, invoiceId, declineCode);
    const notice = await followUpDecline(tx, charge, declineCode, {
      today,
      now,
      appUrl: deps.appUrl,
      actor: starter.actor,
      by,
    });
    if (notice) notices.push(notice);
  });
  await sendDeclineNotices(deps, notices);
  return isPaid ? 'paid' : 'declined';
}

/**
 * The scheduled retries of `today`: every declined invoice whose next retry on the Admin's schedule is due, and every
 * attempt a crash or an unreachable gateway left unanswered (sent again under its own key). Throws when the gateway
 * could not be reached, so the job tries again later; the rest is done by then.
 */
export async function retryDueCharges(
  deps: ChargeRetryDeps & { retryDays: readonly number[] },
  today: IsoDate,
): Promise<Record<RetryOutcome, number>> {
  const counts: Record<RetryOutcome, number> = { paid: 0, declined: 0, unavailable: 0, 'not-declined': 0 };
  let afterId = 0;
  for (;;) {
    const due = await attempts.dueRetries(deps.db, { today, retryDays: deps.retryDays, afterId, limit: RETRY_BATCH });
    if (due.length === 0) break;
    afterId = due.at(-1) ?? afterId;
    const outcomes = await mapConcurrently(due, RETRY_CONCURRENCY, (id) =>
      retryCharge(deps, id, { source: 'schedule', actor: null }),
    );
    for (const outcome of outcomes) counts[outcome] += 1;
  }
  deps.log.info({ today, ...counts }, 'declined charges retried');
  if (counts.unavailable > 0) {
    throw new GatewayUnavailableError(`${counts.unavailable} retries could not reach the payment gateway`);
  }
  return counts;
}

/** A new payment method was saved: every declined invoice of the property is charged again at once, on it. */
export async function retryPropertyCharges(deps: ChargeRetryDeps, propertyId: number): Promise<RetryOutcome[]> {
  const outcomes: RetryOutcome[] = [];
  for (const invoiceId of await attempts.declinedInvoicesOf(deps.db, propertyId)) {
    outcomes.push(await retryCharge(deps, invoiceId, { source: 'payment-method', actor: null }));
  }
  if (outcomes.includes('unavailable')) {
    throw new GatewayUnavailableError('A retry after a new payment method could not reach the payment gateway');
  }
  return outcomes;
}

/**
 * The office records that a declined invoice was paid another way (cash, check), from the version it saw. Refused
 * while a charge of it waits for the gateway's answer (Retry now sends it again): the customer could pay twice.
 */
export async function markPaidAnotherWay(
  deps: Pick<ChargeRetryDeps, 'db' | 'clock'>,
  invoiceId: number,
  payment: MarkInvoicePaid,
  actor: Actor,
): Promise<void> {
  const now = (deps.clock ?? (() => new Date()))();
  await deps.db.transaction(async (tx) => {
    const invoice = await attempts.lockInvoiceVersion(tx, invoiceId);
    if (!invoice) throw notFound(DECLINED_CHARGE_MESSAGES.invoiceNotFound);
    if (invoice.version !== payment.version) throw conflict(DECLINED_CHARGE_MESSAGES.stale);
    if (invoice.status !== INVOICE_STATUS.declined) throw conflict(DECLINED_CHARGE_MESSAGES.notDeclined);
    const made = await attempts.attemptsOf(tx, invoiceId);
    if (made.some((attempt) => attempt.result === 'started')) throw conflict(DECLINED_CHARGE_MESSAGES.unanswered);
    const how = OTHER_PAYMENT_METHODS[payment.method];
    await attempts.insertAttempt(tx, {
      invoiceId,
      number: (made.at(-1)?.number ?? 1) + 1,
      idempotencyKey: null,
      source: 'paid-another-way',
      userId: actor.id,
      startedAt: now,
      result: 'paid',
      note: `${how}: ${payment.note}`,
    });
    await attempts.markInvoicePaid(tx, invoiceId);
    const service = `the service of ${formatUsDate(invoice.serviceDate)}`;
    await recordPropertyChange(tx, {
      propertyId: invoice.propertyId,
      actor,
      action: 'billing',
      description: `The declined charge of ${service} was paid by ${how.toLowerCase()}: ${payment.note}`,
      changes: null,
      isEdit: false,
    });
    await restoreWhenSettled(tx, invoice.propertyId, {
      today: calendarDateIn(now),
      now,
      actor,
      why: `Paid ${service} by ${how.toLowerCase()}`,
    });
  });
}
