import { calendarDateIn, type ExternalPayment, type ExternalPaymentInclude, type InvoiceRow } from '@lawn/shared';
import type { Database } from '../../db/client';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { hasUnfinishedBilling } from './billing.repo';
import { listInvoices, listPropertyPayments } from './invoices.repo';

/*
 * What the jobs, start-up and the bench use of billing: the daily run and its queue key.
 */
export {
  BILLING_BATCH_SIZE,
  invoiceChargeKey,
  runBilling,
  type BillingOptions,
  type BillingSummary,
} from './billing.runner';

/** Declined charges: the scheduled retries and those after a new payment method (the retry job). */
export { retryDueCharges, retryPropertyCharges } from './charge-retries';

/** Whether a declined charge holds the property on Card declined (a new payment method is then retried). */
export { hasOpenChargeDecline } from './charge-attempts.repo';

/** What the 5th Mow dialog reads of billing: the services billed so far and whether the discount was given. */
export { fifthMowBilling } from './billing.repo';

/** The invoice-status filter of the office's invoice list, which the external API's payment list takes too. */
export { invoiceStatusFilter } from './invoices.list';

/** Queue key of a billing day's job: a second request for the same day while one is queued is dropped. */
export const billingJobKey = (billingDate: string) => `billing-${billingDate}`;

/**
 * Start-up hook: a billing run interrupted by a stop or a crash (pending invoices, a run left in progress) carries on
 * at once rather than at the next day's run. A run already going on in another instance is not harmed: batches skip
 * invoices another worker holds, and every charge is idempotent.
 */
export async function resumeBilling(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: Logger;
  clock?: () => Date;
}): Promise<boolean> {
  if (!(await hasUnfinishedBilling(deps.db))) return false;
  const billingDate = calendarDateIn((deps.clock ?? (() => new Date()))());
  deps.log.info({ billingDate }, 'resuming unfinished billing');
  await deps.jobs.enqueue('billing', { date: billingDate }, { singletonKey: billingJobKey(billingDate) });
  return true;
}

/** The invoices list of the staff screen. */
export function createInvoicesService({ db }: { db: Database }) {
  return {
    list: (query: ListQuery): Promise<ListResult<InvoiceRow>> => listInvoices(db, query),
    /** One property's payments, for the customer holding its external token. */
    propertyPayments: (
      propertyId: number,
      query: ListQuery<ExternalPaymentInclude>,
    ): Promise<ListResult<ExternalPayment>> => listPropertyPayments(db, propertyId, query),
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
