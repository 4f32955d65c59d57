import { z } from 'zod';

/**
 * An invoice is one billed service: a property's mow of one week, charged through the gateway the next business day
 * after the mow. Its status by name, the one place these numbers are written.
 */
export const INVOICE_STATUS = { pending: 0, paid: 1, declined: 2, refunded: 3 } as const;

/** Invoice status labels, by code. */
export const INVOICE_STATUSES = {
  [INVOICE_STATUS.pending]: 'Pending',
  [INVOICE_STATUS.paid]: 'Paid',
  [INVOICE_STATUS.declined]: 'Declined',
  [INVOICE_STATUS.refunded]: 'Refunded',
} as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

/**
 * Discounts an invoice can carry, by code, in the words the invoice shows. The fifth-mow discount: paying by e-check
 * makes a new customer's 5th mow free, once per customer.
 */
export const INVOICE_DISCOUNTS = { fifth_mow: '5th mow free' } as const;
export type InvoiceDiscount = keyof typeof INVOICE_DISCOUNTS;
export const INVOICE_DISCOUNT_CODES = Object.keys(INVOICE_DISCOUNTS) as [InvoiceDiscount, ...InvoiceDiscount[]];

/** Which completed service of a property the fifth-mow discount makes free. */
export const FIFTH_MOW_SERVICE_NUMBER = 5;

/** Invoices list: 50 rows by default, 50/75/100 offered. */
export const INVOICE_PAGE_SIZES = [50, 75, 100] as const;
export const INVOICE_DEFAULT_SORT = '-createdAt';

/** Why a charge was not paid, in words a person reads on the invoice list. */
export const DECLINE_REASONS = {
  card_declined: 'Card declined',
  insufficient_funds: 'Insufficient funds',
  expired_card: 'Card expired',
  account_closed: 'Bank account closed',
  no_payment_method: 'No payment method on file',
  unknown_token: 'Payment method not known to the gateway',
} as const;
export type DeclineCode = keyof typeof DECLINE_REASONS;
export const DECLINE_CODES = Object.keys(DECLINE_REASONS) as [DeclineCode, ...DeclineCode[]];

/**
 * One row of GET /api/invoices (transactionId, total, customerId, createdAt, statusName, customers with
 * serviceAddress and fullName).
 */
export const invoiceRowSchema = z.object({
  id: z.number().int(),
  /** The payment number: the gateway's transaction id (null until the charge is made, or when nothing was charged). */
  transactionId: z.string().nullable(),
  total: z.number(),
  /** The property's account number. */
  customerId: z.string(),
  propertyId: z.number().int(),
  /** The billing date (YYYY-MM-DD). */
  createdAt: z.string(),
  /** The date of the mow that was billed. */
  serviceDate: z.string(),
  year: z.number().int(),
  week: z.number().int(),
  status: z.number().int(),
  statusName: z.string(),
  declineReason: z.string().nullable(),
  /** The discount that made the service free (e.g. '5th mow free'), or null. */
  discountName: z.string().nullable(),
  paymentTypeName: z.string(),
  /** The invoice's version, which Mark paid sends back (409 when someone changed the invoice since). */
  version: z.number().int(),
  customers: z.object({ serviceAddress: z.string(), fullName: z.string() }),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
