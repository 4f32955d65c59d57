import { z } from 'zod';
import { addDays, type IsoDate } from '../schedule/calendar-date';
import { versionSchema } from '../http/version';
import { requiredText } from '../validation';

/**
 * What follows a declined charge: the property moves to Card declined until a charge of its declined invoices goes
 * through, the charge is tried again on the Admin's retry schedule and at once after a new payment method is saved,
 * and the office can try it now or record that the customer paid another way.
 */

/** What started an attempt to charge an invoice, in the words the attempts list shows. */
export const CHARGE_ATTEMPT_SOURCES = {
  billing: 'Daily billing',
  schedule: 'Scheduled retry',
  'payment-method': 'New payment method',
  office: 'Retry now',
  'paid-another-way': 'Marked paid',
} as const;
export type ChargeAttemptSource = keyof typeof CHARGE_ATTEMPT_SOURCES;
export const CHARGE_ATTEMPT_SOURCE_CODES = Object.keys(CHARGE_ATTEMPT_SOURCES) as [
  ChargeAttemptSource,
  ...ChargeAttemptSource[],
];

/**
 * How an attempt ended. `started`: its idempotency key is recorded and the gateway was (or is about to be) asked; a
 * crash or an unreachable gateway leaves it so, and the next attempt sends the same key again instead of a new one.
 */
export const CHARGE_ATTEMPT_RESULTS = { started: 'Not answered yet', paid: 'Paid', declined: 'Declined' } as const;
export type ChargeAttemptResult = keyof typeof CHARGE_ATTEMPT_RESULTS;
export const CHARGE_ATTEMPT_RESULT_CODES = Object.keys(CHARGE_ATTEMPT_RESULTS) as [
  ChargeAttemptResult,
  ...ChargeAttemptResult[],
];

/** The ways a customer pays a declined invoice outside the gateway. */
export const OTHER_PAYMENT_METHODS = { cash: 'Cash', check: 'Check' } as const;
export type OtherPaymentMethod = keyof typeof OTHER_PAYMENT_METHODS;
const OTHER_PAYMENT_METHOD_CODES = Object.keys(OTHER_PAYMENT_METHODS) as [OtherPaymentMethod, ...OtherPaymentMethod[]];

export const DECLINED_CHARGE_MESSAGES = {
  methodRequired: 'Choose how the customer paid',
  noteRequired: 'Note is required',
  notDeclined: 'Only a declined invoice can be retried or marked paid',
  invoiceNotFound: 'Invoice not found',
  unanswered: "A charge of this invoice is waiting for the gateway's answer: use Retry now first",
  stale: 'Someone changed this invoice since you opened it. Reload to see their change.',
  retried: 'The charge was tried again',
  gatewayUnavailable: 'The payment gateway cannot be reached now. Try again in a few minutes.',
  markedPaid: 'The invoice was marked paid',
} as const;
const M = DECLINED_CHARGE_MESSAGES;

/** POST /api/invoices/{id}/mark-paid: how the customer paid, a note (a check number, who took the cash), the version. */
export const markInvoicePaidSchema = z.strictObject({
  method: z.enum(OTHER_PAYMENT_METHOD_CODES, { error: M.methodRequired }),
  note: requiredText({ required: M.noteRequired, max: 500 }),
  version: versionSchema,
});
export type MarkInvoicePaid = z.output<typeof markInvoicePaidSchema>;

/** The Mark paid dialog's form: the same fields, the version coming from the invoice it was opened on. */
export const markInvoicePaidFormSchema = markInvoicePaidSchema.omit({ version: true });

/** One attempt to charge an invoice, as the attempts list shows it. */
export const chargeAttemptSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  startedAt: z.string(),
  result: z.enum(CHARGE_ATTEMPT_RESULT_CODES),
  resultName: z.string(),
  declineReason: z.string().nullable(),
  transactionId: z.string().nullable(),
  source: z.enum(CHARGE_ATTEMPT_SOURCE_CODES),
  sourceName: z.string(),
  /** The person who started it (Retry now, Mark paid), or null when the product did. */
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type ChargeAttempt = z.infer<typeof chargeAttemptSchema>;

/** GET /api/invoices/{id}/attempts: every attempt, oldest first, and the day of the next scheduled retry (if any). */
export const chargeAttemptsResponseSchema = z.object({
  data: z.object({ attempts: z.array(chargeAttemptSchema), nextRetryOn: z.string().nullable() }),
});
export type ChargeAttempts = z.infer<typeof chargeAttemptsResponseSchema>['data'];

/** POST /api/invoices/{id}/retry: how the retry went. */
export const retryNowResponseSchema = z.object({
  message: z.string(),
  data: z.object({ outcome: z.enum(['paid', 'declined']) }),
});

/**
 * The day of the next scheduled retry of a declined charge: retry n comes `retryDays[n - 1]` days after the attempt
 * before it, whatever started that one (a retry the office or a new card made counts as one). After the last retry of
 * the schedule, none: the charge waits for a new payment method or the office.
 */
export function nextRetryOn(
  lastAttemptOn: IsoDate,
  attemptsMade: number,
  retryDays: readonly number[],
): IsoDate | null {
  const days = retryDays[Math.max(attemptsMade, 1) - 1];
  return days === undefined ? null : addDays(lastAttemptOn, days);
}
