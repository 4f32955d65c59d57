import {
  calendarDateIn,
  CHARGE_ATTEMPT_RESULTS,
  CHARGE_ATTEMPT_SOURCES,
  DECLINED_CHARGE_MESSAGES,
  INVOICE_STATUS,
  nextRetryOn,
  type Actor,
  type ChargeAttempts,
  type MarkInvoicePaid,
} from '@lawn/shared';
import { conflict, notFound, serviceUnavailable } from '../../http/errors';
import type { SettingsStore } from '../settings/settings.service';
import * as attempts from './charge-attempts.repo';
import { markPaidAnotherWay, retryCharge, type ChargeRetryDeps, type RetryOutcome } from './charge-retries';
import { declineReason } from './declined-charges';

/**
 * The office's side of declined charges on /invoices: an invoice's attempts with the next scheduled retry, Retry now,
 * and Mark paid another way. Each is recorded in the property's history with who did it.
 */
export function createDeclinedChargesService(deps: ChargeRetryDeps & { settings: Pick<SettingsStore, 'current'> }) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async attempts(invoiceId: number): Promise<ChargeAttempts> {
      const invoice = await attempts.findInvoice(deps.db, invoiceId);
      if (!invoice) throw notFound(DECLINED_CHARGE_MESSAGES.invoiceNotFound);
      const rows = await attempts.listAttempts(deps.db, invoiceId);
      const last = rows.at(-1)?.startedAt ?? invoice.chargedAt ?? invoice.createdAt;
      const { billingRetryDays } = await deps.settings.current();
      return {
        attempts: rows.map((row) => ({
          id: row.id,
          number: row.number,
          startedAt: row.startedAt.toISOString(),
          result: row.result,
          resultName: CHARGE_ATTEMPT_RESULTS[row.result],
          declineReason: row.declineCode ? declineReason(row.declineCode) : null,
          transactionId: row.transactionId,
          source: row.source,
          sourceName: CHARGE_ATTEMPT_SOURCES[row.source],
          userName: row.userFirstName === null ? null : `${row.userFirstName} ${row.userLastName ?? ''}`.trim(),
          note: row.note,
        })),
        nextRetryOn:
          invoice.status === INVOICE_STATUS.declined
            ? nextRetryOn(calendarDateIn(last), rows.length, billingRetryDays)
            : null,
      };
    },

    /** Retry now: the charge tried again at once on the property's payment method, answering how it went. */
    async retryNow(invoiceId: number, actor: Actor): Promise<Exclude<RetryOutcome, 'not-declined' | 'unavailable'>> {
      const outcome = await retryCharge({ ...deps, clock }, invoiceId, { source: 'office', actor });
      if (outcome === 'not-declined') {
        if (!(await attempts.findInvoice(deps.db, invoiceId))) throw notFound(DECLINED_CHARGE_MESSAGES.invoiceNotFound);
        throw conflict(DECLINED_CHARGE_MESSAGES.notDeclined);
      }
      if (outcome === 'unavailable') throw serviceUnavailable(DECLINED_CHARGE_MESSAGES.gatewayUnavailable);
      return outcome;
    },

    markPaid: (invoiceId: number, payment: MarkInvoicePaid, actor: Actor): Promise<void> =>
      markPaidAnotherWay({ db: deps.db, clock }, invoiceId, payment, actor),
  };
}

export type DeclinedChargesService = ReturnType<typeof createDeclinedChargesService>;
