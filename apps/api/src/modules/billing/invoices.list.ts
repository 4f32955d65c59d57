import { INVOICE_STATUSES, isoDateSchema } from '@lawn/shared';
import { gte, lte } from 'drizzle-orm';
import { z } from 'zod';
import { invoices, properties } from '../../db/schema';
import { equalsFilter, filter, type ListDefinition } from '../../http/list-query';

const statusCodes = Object.keys(INVOICE_STATUSES).map(Number);

/** filter[status]: one of the invoice statuses by its code, as the office's invoice list and the external API take it. */
export const invoiceStatusFilter = equalsFilter(
  invoices.status,
  z.coerce.number().refine((code) => statusCodes.includes(code)),
  `Status: ${Object.entries(INVOICE_STATUSES)
    .map(([code, name]) => `${code} ${name}`)
    .join(', ')}`,
);

/**
 * GET /api/invoices: newest billing date first, 50 a page (50/75/100 offered). The sorts are the ones an
 * index serves (date, payment number), so a page stays quick however many invoices there are.
 */
export const invoicesList: ListDefinition = {
  filters: {
    status: invoiceStatusFilter,
    propertyId: equalsFilter(invoices.propertyId, z.coerce.number(), 'Property id'),
    customerId: equalsFilter(properties.accountNumber, z.string().min(1).max(20), 'Account number'),
    transactionId: equalsFilter(invoices.transactionId, z.string().min(1).max(100), 'Payment number'),
    from: filter(isoDateSchema, (values) => gte(invoices.billingDate, values[0] ?? ''), {
      multiple: false,
      description: 'Billed on or after this date (YYYY-MM-DD)',
    }),
    to: filter(isoDateSchema, (values) => lte(invoices.billingDate, values[0] ?? ''), {
      multiple: false,
      description: 'Billed on or before this date (YYYY-MM-DD)',
    }),
  },
  sorts: { createdAt: invoices.billingDate, id: invoices.id, transactionId: invoices.transactionId },
  defaultSort: '-createdAt,-id',
  defaultLimit: 50,
  maxLimit: 100,
  tiebreak: invoices.id,
};
