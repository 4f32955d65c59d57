import type { DeclineCode } from '@lawn/shared';
import { z } from 'zod';
import type { PaymentField } from '../gateway';

/**
 * What PayTrace's JSON API answers, as its public documentation describes it. Every answer carries `success` and a
 * numeric `response_code`; a failure also carries `errors` (PayTrace's error number -> its messages) or, for a
 * declined sale, the issuer's `approval_message`. The adapter reads only the fields it needs and treats any other
 * shape as the processor not working.
 */

/** The response codes the adapter acts on. */
export const PAYTRACE_CODES = {
  /** One or more errors in the request: `errors` says which. */
  error: 1,
  saleApproved: 101,
  saleDeclined: 102,
  refundAccepted: 106,
  customerCreated: 160,
  customerDeleted: 162,
  exported: 180,
} as const;

/**
 * PayTrace's error numbers that name a field of the payment form. Others (and several numbers at once) fall back to
 * the card number, the field the customer can always retype.
 */
const ERROR_FIELDS: Record<string, PaymentField> = {
  '35': 'creditCardNumber',
  '43': 'creditCardExpirationMonth',
  '44': 'creditCardExpirationMonth',
};

export const tokenAnswer = z.object({
  access_token: z.string().min(1).max(2000),
  token_type: z.string(),
  /** Seconds the token is good for. */
  expires_in: z.number().int().positive(),
});

const errors = z.record(z.string(), z.array(z.string())).optional();

export const resultAnswer = z.object({
  success: z.boolean(),
  response_code: z.number().int(),
  status_message: z.string().optional(),
  errors,
});

export const customerAnswer = resultAnswer.extend({
  customer_id: z.string().optional(),
  masked_card_number: z.string().optional(),
});

export const saleAnswer = resultAnswer.extend({
  transaction_id: z.number().int().optional(),
  approval_message: z.string().optional(),
});

export const exportAnswer = resultAnswer.extend({
  transactions: z
    .array(
      z.object({
        transaction_id: z.number().int(),
        invoice_id: z.string().optional(),
        amount: z.number(),
        /** A sale's outcome: approved sales have an approval code, declined ones an empty one. */
        approval_code: z.string().optional(),
        approval_message: z.string().optional(),
        transaction_type: z.string().optional(),
      }),
    )
    .optional(),
});

/** The form field a refused profile names, from PayTrace's error numbers. */
export function fieldOfErrors(answerErrors: Record<string, string[]> | undefined): PaymentField {
  const numbers = Object.keys(answerErrors ?? {});
  const fields = numbers.map((number) => ERROR_FIELDS[number]).filter((field) => field !== undefined);
  return fields[0] ?? 'creditCardNumber';
}

/**
 * The product's decline code for the issuer's message PayTrace passes on: the issuer's words are the only thing that
 * tells insufficient funds from an expired card, and the expired-card list depends on telling them apart.
 */
export function declineCodeOf(approvalMessage: string | undefined): DeclineCode {
  const message = (approvalMessage ?? '').toLowerCase();
  if (/insufficient|nsf/.test(message)) return 'insufficient_funds';
  if (/expired|exp date/.test(message)) return 'expired_card';
  if (/closed/.test(message)) return 'account_closed';
  return 'card_declined';
}

/**
 * Whether an error answer says the customer profile asked for does not exist: PayTrace words it as an invalid
 * customer id, and a charge on a profile that is gone is the product's `unknown_token` decline, not an outage.
 */
export function isUnknownCustomer(answerErrors: Record<string, string[]> | undefined): boolean {
  return Object.values(answerErrors ?? {}).some((messages) => messages.some((m) => /customer id/i.test(m)));
}

/** Whole cents as PayTrace's amount: dollars with two decimals. */
export function dollarsOf(amountCents: number): number {
  return Math.round(amountCents) / 100;
}
