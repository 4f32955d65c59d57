import { APP_PATHS } from '@lawn/shared';
import type { PaymentAudience } from './api/payments-api';

/** The two payment screens of each audience: the staff's, and the customer's own under /web/account. */
export const PAYMENT_PATHS: Readonly<Record<PaymentAudience, { list: string; form: string }>> = {
  staff: { list: APP_PATHS.paymentList, form: APP_PATHS.paymentConfiguration },
  customer: { list: APP_PATHS.customerPaymentList, form: APP_PATHS.customerPaymentConfiguration },
};
