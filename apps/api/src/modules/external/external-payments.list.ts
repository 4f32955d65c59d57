import { EXTERNAL_PAYMENT_INCLUDES, EXTERNAL_PAYMENTS_PAGE_SIZE, type ExternalPaymentInclude } from '@lawn/shared';
import { invoices } from '../../db/schema';
import type { ListDefinition } from '../../http/list-query';
import { invoiceStatusFilter } from '../billing/billing.service';

/**
 * GET /api/external/payments: the token's property's payments, newest first, 10 a page. The client
 * asks for `filter[status]=1` (paid) and `include=crewService,customerPayment`. There is no filter by
 * property or account: the property is the token's.
 */
export const externalPaymentsList: ListDefinition<ExternalPaymentInclude> = {
  filters: {
    status: invoiceStatusFilter,
  },
  sorts: { createdAt: invoices.billingDate, id: invoices.id },
  includes: EXTERNAL_PAYMENT_INCLUDES,
  defaultSort: '-createdAt,-id',
  defaultLimit: EXTERNAL_PAYMENTS_PAGE_SIZE,
  maxLimit: EXTERNAL_PAYMENTS_PAGE_SIZE,
  tiebreak: invoices.id,
};
