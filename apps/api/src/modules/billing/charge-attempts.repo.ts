import {
  BUSINESS_TIME_ZONE,
  INVOICE_STATUS,
  type ChargeAttemptResult,
  type ChargeAttemptSource,
  type IsoDate,
} from '@lawn/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chargeAttempts, chargeDeclines, invoices, users } from '../../db/schema';
import { selectPendingCharges, type PendingCharge } from './billing.repo';

/** A recorded attempt, as the retries read it back. */
export type AttemptRow = {
  id: number;
  number: number;
  idempotencyKey: string | null;
  result: ChargeAttemptResult;
};

/** The first attempt of each invoice of a billing batch, written with their outcomes (their key is the invoice's). */
export async function recordFirstAttempts(
  tx: Executor,
  attempts: readonly {
    invoiceId: number;
    idempotencyKey: string;
    result: ChargeAttemptResult;
    declineCode: string | null;
    transactionId: string | null;
    startedAt: Date;
  }[],
): Promise<void> {
  if (attempts.length === 0) return;
  await tx
    .insert(chargeAttempts)
    .values(
      attempts.map((attempt) => ({
        ...attempt,
        number: 1,
        source: 'billing' as const,
        finishedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * A declined invoice with what charging it again needs, locked for the caller's transaction; null when it is not
 * declined (paid meanwhile, or no such invoice).
 */
export async function lockDeclinedInvoice(tx: Executor, invoiceId: number): Promise<PendingCharge | null> {
  const [row] = await selectPendingCharges(tx)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, INVOICE_STATUS.declined)))
    .for('update', { of: invoices });
  return row ?? null;
}

/** The invoice's attempts, oldest first. */
export async function attemptsOf(tx: Executor, invoiceId: number): Promise<AttemptRow[]> {
  return tx
    .select({
      id: chargeAttempts.id,
      number: chargeAttempts.number,
      idempotencyKey: chargeAttempts.idempotencyKey,
      result: chargeAttempts.result,
    })
    .from(chargeAttempts)
    .where(eq(chargeAttempts.invoiceId, invoiceId))
    .orderBy(asc(chargeAttempts.number));
}

export async function insertAttempt(
  tx: Executor,
  attempt: {
    invoiceId: number;
    number: number;
    idempotencyKey: string | null;
    source: ChargeAttemptSource;
    userId: number | null;
    startedAt: Date;
    result?: ChargeAttemptResult;
    note?: string;
  },
): Promise<AttemptRow> {
  const finished = attempt.result && attempt.result !== 'started' ? { finishedAt: sql`now()` } : {};
  const [row] = await tx
    .insert(chargeAttempts)
    .values({ ...attempt, ...finished })
    .returning({
      id: chargeAttempts.id,
      number: chargeAttempts.number,
      idempotencyKey: chargeAttempts.idempotencyKey,
      result: chargeAttempts.result,
    });
  if (!row) throw new Error('charge attempt not recorded');
  return row;
}

/** Writes an attempt's answer; false when another worker wrote it first (the attempt is no longer started). */
export async function finishAttempt(
  tx: Executor,
  id: number,
  outcome: { result: ChargeAttemptResult; declineCode: string | null; transactionId: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(chargeAttempts)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(and(eq(chargeAttempts.id, id), eq(chargeAttempts.result, 'started')))
    .returning({ id: chargeAttempts.id });
  return rows.length > 0;
}

/** A declined invoice paid: by a retry (with its payment details) or another way (no transaction). */
export async function markInvoicePaid(
  tx: Executor,
  invoiceId: number,
  payment: {
    transactionId: string | null;
    paymentType: number | null;
    cardType: number | null;
    lastFour: string | null;
  } | null = null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      ...payment,
      status: INVOICE_STATUS.paid,
      declineCode: null,
      chargedAt: sql`now()`,
      version: sql`${invoices.version} + 1`,
    })
    .where(eq(invoices.id, invoiceId));
}

/** A retry declined again: the invoice says the latest reason. */
export async function setDeclineCode(tx: Executor, invoiceId: number, declineCode: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ declineCode, chargedAt: sql`now()`, version: sql`${invoices.version} + 1` })
    .where(eq(invoices.id, invoiceId));
}

/** The version of a declined invoice, locked; null when it is not declined or does not exist. */
export async function lockInvoiceVersion(
  tx: Executor,
  invoiceId: number,
): Promise<{ version: number; status: number; propertyId: number; serviceDate: IsoDate } | null> {
  const [row] = await tx
    .select({
      version: invoices.version,
      status: invoices.status,
      propertyId: invoices.propertyId,
      serviceDate: invoices.serviceDate,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update');
  return row ?? null;
}

/** Remembers the status a declined charge moved the property from (the first decline's, while it lasts). */
export async function openChargeDecline(tx: Executor, propertyId: number, statusBefore: number): Promise<void> {
  await tx.insert(chargeDeclines).values({ propertyId, statusBefore }).onConflictDoNothing();
}

/** Whether a declined charge holds the property on Card declined (then a new card is retried, not just accepted). */
export async function hasOpenChargeDecline(tx: Executor, propertyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: chargeDeclines.propertyId })
    .from(chargeDeclines)
    .where(eq(chargeDeclines.propertyId, propertyId));
  return row !== undefined;
}

/**
 * Closes the property's decline once none of its invoices is declined any more, answering the status it had before;
 * null while a declined invoice remains (or none was open).
 */
export async function closeChargeDeclineWhenSettled(tx: Executor, propertyId: number): Promise<number | null> {
  const [declined] = await tx
    .select({ total: count() })
    .from(invoices)
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.status, INVOICE_STATUS.declined)));
  if ((declined?.total ?? 0) > 0) return null;
  const [row] = await tx
    .delete(chargeDeclines)
    .where(eq(chargeDeclines.propertyId, propertyId))
    .returning({ statusBefore: chargeDeclines.statusBefore });
  return row?.statusBefore ?? null;
}

/** The declined invoices of one property, oldest first (a new payment method retries them all). */
export async function declinedInvoicesOf(db: Executor, propertyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.propertyId, propertyId), eq(invoices.status, INVOICE_STATUS.declined)))
    .orderBy(asc(invoices.id));
  return rows.map((row) => row.id);
}

/**
 * The next declined invoices after `afterId` whose scheduled retry is due on `today`: retry n is `retryDays[n - 1]`
 * days after the attempt before it (the business's day of it). An invoice declined before attempts were recorded
 * counts its charge as the first attempt. An attempt left unanswered (a crash, an unreachable gateway) is due at once:
 * it is sent again under its own key. Raw SQL: a lateral aggregate indexed into an array parameter is beyond the
 * query builder (ADR 0003).
 */
export async function dueRetries(
  db: Executor,
  {
    today,
    retryDays,
    afterId,
    limit,
  }: { today: IsoDate; retryDays: readonly number[]; afterId: number; limit: number },
): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select i.id
    from invoices i
    cross join lateral (
      select greatest(count(*), 1)::int as made, max(a.started_at) as last_at,
             coalesce(bool_or(a.result = 'started'), false) as unanswered
      from charge_attempts a where a.invoice_id = i.id
    ) a
    where i.status = ${INVOICE_STATUS.declined} and i.id > ${afterId}
      and (
        a.unanswered
        or (
          a.made <= ${retryDays.length}
          and (coalesce(a.last_at, i.charged_at, i.created_at) at time zone ${BUSINESS_TIME_ZONE})::date
              + (${sql.param([...retryDays])}::int[])[a.made] <= ${today}::date
        )
      )
    order by i.id
    limit ${limit}
  `);
  return result.rows.map((row) => Number(row.id));
}

/** An invoice's attempts as the office's list shows them, with who started each. */
export async function listAttempts(db: Executor, invoiceId: number) {
  return db
    .select({
      id: chargeAttempts.id,
      number: chargeAttempts.number,
      startedAt: chargeAttempts.startedAt,
      result: chargeAttempts.result,
      declineCode: chargeAttempts.declineCode,
      transactionId: chargeAttempts.transactionId,
      source: chargeAttempts.source,
      note: chargeAttempts.note,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(chargeAttempts)
    .leftJoin(users, eq(users.id, chargeAttempts.userId))
    .where(eq(chargeAttempts.invoiceId, invoiceId))
    .orderBy(asc(chargeAttempts.number));
}

/** An invoice's status and charge time, for the attempts list's next retry. */
export async function findInvoice(
  db: Executor,
  invoiceId: number,
): Promise<{ status: number; chargedAt: Date | null; createdAt: Date } | null> {
  const [row] = await db
    .select({ status: invoices.status, chargedAt: invoices.chargedAt, createdAt: invoices.createdAt })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row ?? null;
}
