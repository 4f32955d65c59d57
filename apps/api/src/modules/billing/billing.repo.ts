import {
  BUSINESS_TIME_ZONE,
  FIFTH_MOW_SERVICE_NUMBER,
  INVOICE_STATUS,
  IN_SERVICE_STATUSES,
  ORDER_STATUS,
  PAYMENT_TYPE,
  type IsoDate,
} from '@lawn/shared';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingRuns, invoices, properties, type BillingRunRecord } from '../../db/schema';
import { scheduledServices } from '../schedule/schedule.service';

/** Arbitrary constant: the advisory lock that lets one billing run at a time gather services. */
const COLLECT_LOCK_ID = 724_311_010;

/** Starts (or restarts) the run of a billing day; counters add up over its attempts. */
export async function startRun(db: Executor, billingDate: IsoDate): Promise<BillingRunRecord> {
  const [row] = await db
    .insert(billingRuns)
    .values({ billingDate })
    .onConflictDoUpdate({
      target: billingRuns.billingDate,
      set: { status: 'in_progress', startedAt: sql`now()`, completedAt: null, failureReason: null },
    })
    .returning();
  if (!row) throw new Error('billing run not started');
  return row;
}

/** Takes the collection lock for the rest of the transaction. */
export async function lockCollection(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COLLECT_LOCK_ID})`);
}

/** The last mow date whose services were gathered by any run, or null before the first run. */
export async function lastCollectedDate(tx: Executor): Promise<IsoDate | null> {
  const [row] = await tx.select({ last: max(billingRuns.collectedThrough) }).from(billingRuns);
  return row?.last ?? null;
}

/**
 * Gathers every completed service with a mow date from `from` to `to` as a pending invoice, with the property's
 * current price. A completed service is one the schedule gives (`scheduledServices`) to a property in service
 * (approved, with a status that is mowed, not deleted). One statement, whatever the size of the book; the unique
 * (property, year, week) makes a service already billed (by an earlier run, or a write-in after its service day)
 * count once.
 */
export async function collectServices(
  tx: Executor,
  range: { from: IsoDate; to: IsoDate; billingDate: IsoDate },
): Promise<number> {
  const services = scheduledServices({ from: range.from, to: range.to });
  if (!services) return 0;
  const result = await tx.execute(sql`
    insert into invoices (property_id, year, week, service_date, billing_date, subtotal, tax, total)
    select v.property_id, v.year, v.week, v.day, ${range.billingDate}::date,
           pp.subtotal_mowing, pp.calculated_tax, pp.total_mowing
    from ${services} v
    join properties p on p.id = v.property_id
    join property_prices pp on pp.property_id = p.id
    where p.deleted_at is null and p.status_orders = ${ORDER_STATUS.approved} and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
    on conflict (property_id, year, week) do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * The fifth-mow discount: paying by e-check makes a new customer's 5th mow free, once. A pending invoice
 * gets it when it is its property's fifth service (four services of the property billed before it, whatever became of
 * their charges), the property pays by e-check now, and no property of the same customer has had it; with several
 * such invoices of one customer, the earliest service gets it. The service is billed at zero (subtotal, tax and total)
 * and the invoice says why. "New" follows from the fifth service: a property past it never qualifies again, and an
 * invoice already charged is never changed, so running billing again grants nothing twice (the unique index on the
 * discounted property backs that). Answers how many invoices got it.
 *
 * Runs under the collection lock, right after the services are gathered. Each candidate counts at most five earlier
 * invoices of its property through the (property, billing date, id) index, so the work stays small however large the
 * book. Raw SQL: a correlated, limited count and DISTINCT ON are beyond the query builder (ADR 0003).
 */
export async function grantFifthMowDiscounts(tx: Executor): Promise<number> {
  const earlierServices = FIFTH_MOW_SERVICE_NUMBER - 1;
  const result = await tx.execute(sql`
    update invoices i
    set discount = 'fifth_mow', subtotal = 0, tax = 0, total = 0, updated_at = now()
    from (
      select distinct on (p.customer_id) c.id
      from invoices c
      join properties p on p.id = c.property_id
      where c.status = ${INVOICE_STATUS.pending}
        and c.discount is null
        and p.payment_type = ${PAYMENT_TYPE.eCheck}
        and (
          select count(*) from (
            select 1 from invoices e
            where e.property_id = c.property_id and (e.service_date, e.id) < (c.service_date, c.id)
            limit ${earlierServices + 1}
          ) earlier
        ) = ${earlierServices}
        and not exists (
          select 1 from invoices d
          join properties dp on dp.id = d.property_id
          where d.discount = 'fifth_mow' and dp.customer_id = p.customer_id
        )
      order by p.customer_id, c.service_date, c.id
    ) chosen
    where i.id = chosen.id and i.status = ${INVOICE_STATUS.pending}
  `);
  return result.rowCount ?? 0;
}

export async function recordCollection(
  tx: Executor,
  runId: number,
  range: { from: IsoDate; to: IsoDate },
  collected: number,
): Promise<void> {
  await tx
    .update(billingRuns)
    .set({
      collectedFrom: range.from,
      collectedThrough: range.to,
      collected: sql`${billingRuns.collected} + ${collected}`,
    })
    .where(eq(billingRuns.id, runId));
}

/** A pending invoice with what charging it needs: the amount and the property's payment method now. */
export type PendingCharge = {
  id: number;
  propertyId: number;
  serviceDate: IsoDate;
  total: number;
  propertyStatus: number;
  paymentToken: string | null;
  paymentType: number | null;
  cardType: number | null;
  cardLastFour: string | null;
  cardExpiry: IsoDate | null;
  bankLastFour: string | null;
};

/** Invoices with their property's payment method, as a PendingCharge: the caller says which, and locks them. */
export function selectPendingCharges(tx: Executor) {
  return tx
    .select({
      id: invoices.id,
      propertyId: invoices.propertyId,
      serviceDate: invoices.serviceDate,
      total: invoices.total,
      propertyStatus: properties.status,
      paymentToken: properties.paymentToken,
      paymentType: properties.paymentType,
      cardType: properties.cardType,
      cardLastFour: properties.cardLastFour,
      cardExpiry: properties.cardExpiry,
      bankLastFour: properties.bankLastFour,
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId));
}

/**
 * The next pending invoices after `afterId`, locked for this transaction. SKIP LOCKED lets a second worker on the same
 * day (a retried job whose first worker still runs) take other invoices instead of waiting or charging the same.
 */
export async function lockPendingBatch(tx: Executor, afterId: number, limit: number): Promise<PendingCharge[]> {
  return selectPendingCharges(tx)
    .where(and(eq(invoices.status, INVOICE_STATUS.pending), gt(invoices.id, afterId)))
    .orderBy(invoices.id)
    .limit(limit)
    .for('update', { of: invoices, skipLocked: true });
}

/** How a pending invoice ended: paid or declined, and with which payment method. */
export type ChargeOutcome = {
  id: number;
  status: number;
  transactionId: string | null;
  declineCode: string | null;
  paymentType: number | null;
  cardType: number | null;
  lastFour: string | null;
};

/**
 * Writes a batch's outcomes in one statement. Raw SQL: an UPDATE from a list of rows (unnest of arrays) is beyond the
 * query builder (ADR 0003).
 */
export async function saveOutcomes(tx: Executor, outcomes: readonly ChargeOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const column = <T>(pick: (outcome: ChargeOutcome) => T) => sql.param(outcomes.map(pick));
  await tx.execute(sql`
    update invoices i set
      status = o.status,
      transaction_id = o.transaction_id,
      decline_code = o.decline_code,
      payment_type = o.payment_type,
      card_type = o.card_type,
      last_four = o.last_four,
      charged_at = now(),
      updated_at = now()
    from unnest(
      ${column((o) => o.id)}::bigint[],
      ${column((o) => o.status)}::smallint[],
      ${column((o) => o.transactionId)}::varchar[],
      ${column((o) => o.declineCode)}::text[],
      ${column((o) => o.paymentType)}::smallint[],
      ${column((o) => o.cardType)}::smallint[],
      ${column((o) => o.lastFour)}::varchar[]
    ) as o (id, status, transaction_id, decline_code, payment_type, card_type, last_four)
    where i.id = o.id and i.status = ${INVOICE_STATUS.pending}
  `);
}

export async function countOutcomes(
  tx: Executor,
  runId: number,
  counts: { paid: number; declined: number; unavailable: number },
): Promise<void> {
  await tx
    .update(billingRuns)
    .set({
      paid: sql`${billingRuns.paid} + ${counts.paid}`,
      declined: sql`${billingRuns.declined} + ${counts.declined}`,
      unavailable: sql`${billingRuns.unavailable} + ${counts.unavailable}`,
    })
    .where(eq(billingRuns.id, runId));
}

export async function finishRun(
  db: Executor,
  runId: number,
  status: 'completed' | 'failed',
  failureReason: string | null = null,
): Promise<void> {
  await db
    .update(billingRuns)
    .set({ status, failureReason, completedAt: sql`now()` })
    .where(eq(billingRuns.id, runId));
}

/** Whether billing has unfinished work: pending invoices or a run that did not finish. */
export async function hasUnfinishedBilling(db: Executor): Promise<boolean> {
  const [pending] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.status, INVOICE_STATUS.pending))
    .limit(1);
  if (pending) return true;
  const [run] = await db
    .select({ id: billingRuns.id })
    .from(billingRuns)
    .where(eq(billingRuns.status, 'in_progress'))
    .limit(1);
  return run !== undefined;
}

/**
 * What the 5th Mow dialog needs of billing: how many services of the property were billed (counted up to the fifth:
 * the property is new while it has not reached it), and whether any property of its customer got the discount.
 * Raw SQL: a limited count and a correlated exists in one round trip are beyond the query builder (ADR 0003).
 */
export async function fifthMowBilling(
  executor: Executor,
  propertyId: number,
): Promise<{ billedServices: number; hasDiscount: boolean }> {
  const result = await executor.execute<{ billed: number; discounted: boolean }>(sql`
    select
      (select count(*)::int from (
         select 1 from invoices i where i.property_id = ${propertyId} limit ${FIFTH_MOW_SERVICE_NUMBER}
       ) billed) as billed,
      exists (
        select 1 from invoices d
        join properties dp on dp.id = d.property_id
        where d.discount = 'fifth_mow'
          and dp.customer_id = (select p.customer_id from properties p where p.id = ${propertyId})
      ) as discounted`);
  const row = result.rows[0];
  return { billedServices: row?.billed ?? 0, hasDiscount: row?.discounted ?? false };
}

/**
 * Gathers every visit a crew checked out of on a day from `from` to `to` (the business's days) as a pending invoice,
 * with the property's current price: charged once done, whenever the check-out arrived (a phone that was offline sends
 * it late, and the day it arrives is gathered by the next run). A redo repeats a visit at no charge. The unique
 * (property, year, week) makes a week already billed count once.
 *
 * Raw SQL: inserting from a select with a correlated NOT EXISTS and time-zone arithmetic is beyond the query builder
 * (ADR 0003).
 */
export async function collectCheckedOutVisits(
  tx: Executor,
  range: { from: IsoDate; to: IsoDate; billingDate: IsoDate },
): Promise<number> {
  const result = await tx.execute(sql`
    insert into invoices (property_id, year, week, service_date, billing_date, subtotal, tax, total)
    select v.property_id, v.year, v.week, v.workday, ${range.billingDate}::date,
           pp.subtotal_mowing, pp.calculated_tax, pp.total_mowing
    from visits v
    join properties p on p.id = v.property_id
    join property_prices pp on pp.property_id = p.id
    where v.checked_out_at >= (${range.from}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}
      and v.checked_out_at < (${range.to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE}
      and p.deleted_at is null
      and not exists (
        select 1 from service_notes n
        where n.property_id = v.property_id and n.type = 'redo' and n.workday = v.workday
      )
    on conflict (property_id, year, week) do nothing
  `);
  return result.rowCount ?? 0;
}

/**
 * A visit the office confirmed was done, as a pending invoice with the property's current price, charged by the next
 * run; nothing when the week is billed already. Answers whether an invoice was added.
 */
export async function addConfirmedVisitInvoice(
  tx: Executor,
  visit: { propertyId: number; year: number; week: number; workday: IsoDate; billingDate: IsoDate },
): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into invoices (property_id, year, week, service_date, billing_date, subtotal, tax, total)
    select p.id, ${visit.year}, ${visit.week}, ${visit.workday}::date, ${visit.billingDate}::date,
           pp.subtotal_mowing, pp.calculated_tax, pp.total_mowing
    from properties p
    join property_prices pp on pp.property_id = p.id
    where p.id = ${visit.propertyId}
    on conflict (property_id, year, week) do nothing
  `);
  return (result.rowCount ?? 0) > 0;
}
