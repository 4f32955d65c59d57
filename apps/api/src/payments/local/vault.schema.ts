import { DECLINE_CODES, type DeclineCode } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSchema, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The local gateway's vault: its own PostgreSQL schema, apart from the business tables, read and written by the
 * local gateway only (lint keeps everything else out of this folder). It stands in for a provider's vault, and it
 * keeps no card or account number at all: a token, what may be shown (brand, last four, expiry) and how the
 * instrument behaves when charged (the documented test numbers decline). A real provider keeps the numbers in its
 * own certified vault; the product never does.
 */
export const paymentVault = pgSchema('payment_vault');

export const INSTRUMENT_KINDS = ['card', 'bank'] as const;
/** How an instrument answers a charge: approve, or decline with a code, or fail as an unavailable gateway would. */
export const INSTRUMENT_BEHAVIOURS = [
  'approve',
  'processing_error',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'account_closed',
] as const satisfies readonly ('approve' | 'processing_error' | DeclineCode)[];
export type InstrumentBehaviour = (typeof INSTRUMENT_BEHAVIOURS)[number];

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const vaultInstruments = paymentVault.table(
  'instruments',
  {
    token: varchar('token', { length: 40 }).primaryKey(),
    kind: text('kind', { enum: INSTRUMENT_KINDS }).notNull(),
    cardType: smallint('card_type'),
    lastFour: varchar('last_four', { length: 4 }).notNull(),
    /** Cards: the last day of the expiry month; a charge after it is declined as expired. */
    expiry: date('expiry', { mode: 'string' }),
    behaviour: text('behaviour', { enum: INSTRUMENT_BEHAVIOURS }).notNull().default('approve'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('instruments_kind_check', sql`${table.kind} in (${list(INSTRUMENT_KINDS)})`),
    check('instruments_behaviour_check', sql`${table.behaviour} in (${list(INSTRUMENT_BEHAVIOURS)})`),
  ],
);

export const CHARGE_STATUSES = ['approved', 'declined'] as const;

/** Every charge asked for, once per idempotency key: asking again with the key answers the same charge. */
export const vaultCharges = paymentVault.table(
  'charges',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    token: varchar('token', { length: 40 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    status: text('status', { enum: CHARGE_STATUSES }).notNull(),
    declineCode: text('decline_code', { enum: DECLINE_CODES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('charges_token_idx').on(table.token),
    check('charges_status_check', sql`${table.status} in (${list(CHARGE_STATUSES)})`),
    check('charges_amount_check', sql`${table.amountCents} > 0`),
  ],
);

export const vaultRefunds = paymentVault.table(
  'refunds',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    chargeId: varchar('charge_id', { length: 40 })
      .notNull()
      .references(() => vaultCharges.id),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_charge_idx').on(table.chargeId),
    check('refunds_amount_check', sql`${table.amountCents} > 0`),
  ],
);
