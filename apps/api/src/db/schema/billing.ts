import {
  CHARGE_ATTEMPT_RESULT_CODES,
  CHARGE_ATTEMPT_SOURCE_CODES,
  INVOICE_DISCOUNT_CODES,
  INVOICE_STATUSES,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, updatedAt } from './columns';
import { properties } from './customers';
import { users } from './users';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' }).notNull().default(0);
const codes = (labels: Record<number, string>) => Object.keys(labels).map(Number);

/**
 * One billed service: a property's mow of one week, charged through the payment gateway the next business day after
 * the mow. The unique (property, year, week) is what makes billing idempotent: however often the daily job runs, a
 * service gets one invoice, so it is charged once. Amounts are copied from the property when the service is billed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    year: smallint('year').notNull(),
    week: smallint('week').notNull(),
    /** The day of the mow that is billed. */
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** The business day it was billed: the list's date. */
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    subtotal: money('subtotal'),
    tax: money('tax'),
    total: money('total'),
    /** 0 pending (not charged yet), 1 paid, 2 declined, 3 refunded. */
    status: smallint('status').notNull().default(0),
    /** What was charged: 1 card (with its type and last four) or 2 e-check (the account's last four). */
    paymentType: smallint('payment_type'),
    cardType: smallint('card_type'),
    lastFour: varchar('last_four', { length: 4 }),
    /** The gateway's transaction id: the payment number. */
    transactionId: varchar('transaction_id', { length: 100 }),
    declineCode: text('decline_code'),
    /** Why the service was billed at zero: 'fifth_mow' (a new e-check customer's 5th mow), or null. */
    discount: varchar('discount', { length: 20 }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    /** Goes up with every change a person makes (Mark paid), which sends the version it was made from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('invoices_property_week_unique').on(table.propertyId, table.year, table.week),
    // The charge loop walks the pending invoices in id order; they are few at any time.
    index('invoices_pending_idx')
      .on(table.id)
      .where(sql`status = 0`),
    // The retries walk the declined invoices; the list filters on them too.
    index('invoices_declined_idx')
      .on(table.id)
      .where(sql`status = 2`),
    // The list: newest billing date first (its default), one property's invoices, a payment number looked up.
    // Ascending keys: a backward scan serves the list's default, newest first (billing date, then id, descending).
    index('invoices_billing_date_idx').on(table.billingDate, table.id),
    index('invoices_property_date_idx').on(table.propertyId, table.billingDate, table.id),
    index('invoices_transaction_idx').on(table.transactionId),
    // The reconciliation report finds the invoices of a selection's service days.
    index('invoices_service_date_idx').on(table.serviceDate),
    // A property gets the fifth-mow discount once, however often billing runs; the billing query keeps it to one per
    // customer and finds a customer's earlier discount through this index.
    uniqueIndex('invoices_fifth_mow_unique')
      .on(table.propertyId)
      .where(sql`discount = 'fifth_mow'`),
    check('invoices_discount_check', sql`${table.discount} in (${sqlList(INVOICE_DISCOUNT_CODES)})`),
    check('invoices_status_check', sql`${table.status} in (${sqlList(codes(INVOICE_STATUSES))})`),
    check('invoices_week_check', sql`${table.week} between 1 and 53`),
    check('invoices_payment_type_check', sql`${table.paymentType} in (1, 2)`),
  ],
);

/**
 * Every attempt to charge an invoice, and a payment made another way. An attempt that charges through the gateway has
 * its own idempotency key, recorded (committed) before the gateway is called: an attempt left `started` by a crash or
 * an unreachable gateway is sent again with the same key, so the gateway answers the charge it made instead of
 * charging twice (ADR 0054). The daily billing's first attempt uses the invoice's own key, which needs no record first.
 */
export const chargeAttempts = pgTable(
  'charge_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** 1 for the daily billing's charge, then 2, 3, ... per invoice. */
    number: smallint('number').notNull(),
    /** Null for a payment made another way (nothing goes to the gateway). */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    source: text('source', { enum: CHARGE_ATTEMPT_SOURCE_CODES }).notNull(),
    /** Who started it; null when the product did (the daily billing, a scheduled retry, a customer's new card). */
    userId: integer('user_id').references(() => users.id),
    result: text('result', { enum: CHARGE_ATTEMPT_RESULT_CODES }).notNull().default('started'),
    declineCode: text('decline_code'),
    transactionId: varchar('transaction_id', { length: 100 }),
    /** Mark paid: how the customer paid (cash, check) and the office's note. */
    note: text('note'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('charge_attempts_invoice_number_unique').on(table.invoiceId, table.number),
    uniqueIndex('charge_attempts_key_unique').on(table.idempotencyKey),
    check('charge_attempts_source_check', sql`${table.source} in (${sqlList(CHARGE_ATTEMPT_SOURCE_CODES)})`),
    check('charge_attempts_result_check', sql`${table.result} in (${sqlList(CHARGE_ATTEMPT_RESULT_CODES)})`),
  ],
);

/**
 * A property a declined charge moved to Card declined, with the status it had: a later successful charge of its
 * declined invoices (or their payment another way) gives that status back. One row per property while it lasts.
 */
export const chargeDeclines = pgTable('charge_declines', {
  propertyId: integer('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  statusBefore: smallint('status_before').notNull(),
  declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
});

export const BILLING_RUN_STATUSES = ['in_progress', 'completed', 'failed'] as const;

/**
 * One run of the daily billing, per billing day. `collectedThrough` is the last mow date whose services have invoices:
 * the next run collects from the day after it, so each day's services are gathered once however the runs fall, and a
 * day the job did not run is caught up by the next one.
 */
export const billingRuns = pgTable(
  'billing_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    billingDate: date('billing_date', { mode: 'string' }).notNull(),
    collectedFrom: date('collected_from', { mode: 'string' }),
    collectedThrough: date('collected_through', { mode: 'string' }),
    status: text('status', { enum: BILLING_RUN_STATUSES }).notNull().default('in_progress'),
    collected: integer('collected').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    /** Charges the gateway could not make (unreachable): their invoices stay pending for the next attempt. */
    unavailable: integer('unavailable').notNull().default(0),
    failureReason: text('failure_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_runs_billing_date_unique').on(table.billingDate),
    check('billing_runs_status_check', sql`${table.status} in (${sqlList(BILLING_RUN_STATUSES)})`),
  ],
);

export type InvoiceRecord = typeof invoices.$inferSelect;
export type ChargeAttemptRecord = typeof chargeAttempts.$inferSelect;
export type BillingRunRecord = typeof billingRuns.$inferSelect;
