import {
  addDays,
  formatUsDate,
  INVOICE_STATUS,
  isBusinessDay,
  isCardExpired,
  nextBusinessDay,
  PAYMENT_TYPE,
  type DeclineCode,
  type IsoDate,
  type BillingChargeRule,
} from '@lawn/shared';
import type { Database, Transaction } from '../../db/client';
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from '../../payments/gateway';
import { addUnconfirmedVisits } from '../crew/visits.service';
import * as repo from './billing.repo';
import * as attempts from './charge-attempts.repo';
import { followUpDecline, sendDeclineNotices, type DeclineNotice, type DeclineNoticeDeps } from './declined-charges';

/**
 * Invoices charged per transaction. The batch's rows stay locked while its charges are made, and a crash loses at most
 * one batch of answers (which the gateway's idempotency keys give back on the next attempt).
 */
export const BILLING_BATCH_SIZE = 500;
/** Charges sent to the gateway at once: a provider answers each in tens of milliseconds, so they overlap. */
export const CHARGE_CONCURRENCY = 8;
/** The first run ever gathers this many days back, so a new installation bills the last week's services. */
export const FIRST_RUN_LOOKBACK_DAYS = 7;
/** How far before a run's first day a mow's deadline can fall in its days: a long weekend with holidays. */
const DEADLINE_LOOKBACK_DAYS = 10;

export type BillingDeps = DeclineNoticeDeps & {
  db: Database;
  gateway: PaymentGateway;
  /** What is charged: visits once checked out, or every scheduled mow (BILLING_CHARGES). */
  charges: BillingChargeRule;
  /** When an attempt and a decline happen (default: the real time); tests of the retry schedule pin it. */
  clock?: () => Date;
};

export type BillingOptions = {
  batchSize?: number;
  concurrency?: number;
  /** Called after each committed batch (tests use it to stop a run half-way, as a crash would). */
  afterBatch?: (state: { batches: number; lastInvoiceId: number }) => void | Promise<void>;
  /** pg-boss will not retry a failure: the run is marked failed (its pending invoices wait for the next run). */
  isLastAttempt?: boolean;
};

export type BillingSummary = {
  billingDate: IsoDate;
  collected: number;
  paid: number;
  declined: number;
  /** Left pending because the gateway could not be reached; the next attempt charges them. */
  unavailable: number;
};

/** The idempotency key of an invoice's charge: however often it is sent, the gateway charges it once. */
export const invoiceChargeKey = (invoiceId: number) => `invoice-${invoiceId}`;

/**
 * Gathers the services of every mow date not gathered yet, up to the day before the billing day: a card or bank
 * account is billed the next business day after the mow, so on a Monday that is Friday's, Saturday's and
 * Sunday's mows, and after a day off (a holiday, a day the job did not run) everything since. A new e-check
 * customer's fifth service is then made free (the fifth-mow discount), before anything is charged.
 */
async function collect(db: Database, runId: number, billingDate: IsoDate, charges: BillingChargeRule): Promise<number> {
  return db.transaction(async (tx) => {
    await repo.lockCollection(tx);
    const last = await repo.lastCollectedDate(tx);
    const from = last === null ? addDays(billingDate, -FIRST_RUN_LOOKBACK_DAYS) : addDays(last, 1);
    const to = addDays(billingDate, -1);
    if (from > to) return 0;
    const collected =
      charges === 'schedule'
        ? await repo.collectServices(tx, { from, to, billingDate })
        : await collectVisits(tx, { from, to, billingDate });
    await repo.grantFifthMowDiscounts(tx);
    await repo.recordCollection(tx, runId, { from, to }, collected);
    return collected;
  });
}

/**
 * The days whose mows passed their deadline in the days from `from` to `to`: a mow is due its check-out by the end of
 * the next business day, so each day is swept once, by the first run after that deadline.
 */
function daysDueIn(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  // A deadline is at most a long weekend plus holidays after its day.
  for (let day = addDays(from, -DEADLINE_LOOKBACK_DAYS); day <= to; day = addDays(day, 1)) {
    const deadline = nextBusinessDay(day);
    if (deadline >= from && deadline <= to) days.push(day);
  }
  return days;
}

/**
 * Charges what was done: every visit checked out of on the days gathered becomes a pending invoice, and every
 * scheduled mow whose check-out deadline passed without one goes to the office's list of visits to confirm instead.
 */
async function collectVisits(
  tx: Transaction,
  range: { from: IsoDate; to: IsoDate; billingDate: IsoDate },
): Promise<number> {
  await addUnconfirmedVisits(tx, daysDueIn(range.from, range.to));
  return repo.collectCheckedOutVisits(tx, range);
}

const declined = (charge: repo.PendingCharge, code: DeclineCode, transactionId: string | null = null) =>
  outcome(charge, INVOICE_STATUS.declined, transactionId, code);

function outcome(
  charge: repo.PendingCharge,
  status: number,
  transactionId: string | null,
  declineCode: DeclineCode | null,
): repo.ChargeOutcome {
  const isCard = charge.paymentType === PAYMENT_TYPE.card;
  return {
    id: charge.id,
    status,
    transactionId,
    declineCode,
    paymentType: charge.paymentType,
    cardType: isCard ? charge.cardType : null,
    lastFour: isCard ? charge.cardLastFour : charge.bankLastFour,
  };
}

/**
 * Charges one invoice, or answers why it cannot be. Cards past their expiry and invoices without a payment method are
 * declined without asking the gateway; an unreachable gateway leaves the invoice pending (null).
 */
export async function chargeOne(
  gateway: PaymentGateway,
  charge: repo.PendingCharge,
  billingDate: IsoDate,
  idempotencyKey: string = invoiceChargeKey(charge.id),
): Promise<repo.ChargeOutcome | null> {
  const amountCents = Math.round(charge.total * 100);
  if (amountCents <= 0) return outcome(charge, INVOICE_STATUS.paid, null, null);
  if (!charge.paymentToken) return declined(charge, 'no_payment_method');
  if (charge.paymentType === PAYMENT_TYPE.card && charge.cardExpiry && isCardExpired(charge.cardExpiry, billingDate)) {
    return declined(charge, 'expired_card');
  }
  let result: ChargeResult;
  try {
    result = await gateway.charge({
      token: charge.paymentToken,
      amountCents,
      idempotencyKey,
      description: `Lawn service ${formatUsDate(charge.serviceDate)}`,
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return null;
    throw error;
  }
  if (result.status === 'approved') return outcome(charge, INVOICE_STATUS.paid, result.transactionId, null);
  return declined(charge, result.code, result.transactionId);
}

/** The daily billing's charges as their invoices' first attempts, under the invoice's own key. */
async function recordFirstAttempts(
  tx: Transaction,
  outcomes: readonly repo.ChargeOutcome[],
  startedAt: Date,
): Promise<void> {
  await attempts.recordFirstAttempts(
    tx,
    outcomes
      .filter((outcome) => outcome.status !== INVOICE_STATUS.paid || outcome.transactionId !== null)
      .map((outcome) => ({
        invoiceId: outcome.id,
        idempotencyKey: invoiceChargeKey(outcome.id),
        result: outcome.status === INVOICE_STATUS.paid ? 'paid' : 'declined',
        declineCode: outcome.declineCode,
        transactionId: outcome.transactionId,
        startedAt,
      })),
  );
}

/** Runs `work` over the items with at most `limit` at a time, keeping their order in the answer. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The daily billing of one business day: gathers the completed services not billed yet as pending invoices, then
 * charges every pending invoice through the gateway, a batch per transaction.
 *
 * Running it twice never bills twice: a service has one invoice (unique per property and week), an invoice leaves
 * "pending" once, and its charge goes to the gateway under the invoice's idempotency key. So a run killed half-way
 * (before a batch committed, even after the gateway charged some of it) resumes where it stopped when it runs again:
 * the batch's invoices are still pending, and the gateway answers their charges it already made instead of charging
 * them again.
 */
export async function runBilling(
  deps: BillingDeps,
  billingDate: IsoDate,
  options: BillingOptions = {},
): Promise<BillingSummary> {
  const { db, gateway, log, charges } = deps;
  const summary: BillingSummary = { billingDate, collected: 0, paid: 0, declined: 0, unavailable: 0 };
  if (!isBusinessDay(billingDate)) {
    log.info({ billingDate }, 'billing: not a business day, nothing is billed');
    return summary;
  }
  const run = await repo.startRun(db, billingDate);
  const started = Date.now();
  try {
    summary.collected = await collect(db, run.id, billingDate, charges);
    log.info({ billingDate, collected: summary.collected }, 'billing: services gathered');
    const batchSize = options.batchSize ?? BILLING_BATCH_SIZE;
    const concurrency = options.concurrency ?? CHARGE_CONCURRENCY;
    let cursor = 0;
    let batches = 0;
    for (;;) {
      const notices: DeclineNotice[] = [];
      const size = await db.transaction(async (tx) => {
        const batch = await repo.lockPendingBatch(tx, cursor, batchSize);
        if (batch.length === 0) return 0;
        cursor = batch.at(-1)?.id ?? cursor;
        const results = await mapConcurrently(batch, concurrency, (charge) => chargeOne(gateway, charge, billingDate));
        const done = results.filter((result): result is repo.ChargeOutcome => result !== null);
        await repo.saveOutcomes(tx, done);
        const now = (deps.clock ?? (() => new Date()))();
        await recordFirstAttempts(tx, done, now);
        for (const [index, result] of results.entries()) {
          const charge = batch[index];
          if (charge && result?.declineCode) {
            const notice = await followUpDecline(tx, charge, result.declineCode, {
              today: billingDate,
              now,
              appUrl: deps.appUrl,
              actor: null,
              by: 'daily billing',
            });
            if (notice) notices.push(notice);
          }
        }
        const counts = {
          paid: done.filter((result) => result.status === INVOICE_STATUS.paid).length,
          declined: done.filter((result) => result.status === INVOICE_STATUS.declined).length,
          unavailable: results.length - done.length,
        };
        await repo.countOutcomes(tx, run.id, counts);
        summary.paid += counts.paid;
        summary.declined += counts.declined;
        summary.unavailable += counts.unavailable;
        return batch.length;
      });
      if (size === 0) break;
      await sendDeclineNotices(deps, notices);
      batches += 1;
      await options.afterBatch?.({ batches, lastInvoiceId: cursor });
    }
    if (summary.unavailable > 0) {
      // The gateway did not answer some charges: the job fails so pg-boss tries again later; those stay pending.
      throw new GatewayUnavailableError(`${summary.unavailable} charges could not reach the payment gateway`);
    }
    await repo.finishRun(db, run.id, 'completed');
    log.info({ ...summary, ms: Date.now() - started }, 'billing: run completed');
    return summary;
  } catch (error) {
    if (options.isLastAttempt ?? true) {
      await repo.finishRun(db, run.id, 'failed', error instanceof Error ? error.message : String(error));
    }
    log.warn({ err: error, ...summary }, 'billing: run stopped');
    throw error;
  }
}
