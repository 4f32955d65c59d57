import {
  EXTERNAL_MESSAGES,
  EXTERNAL_SCOPES,
  type Calendar,
  type ExternalAccount,
  type ExternalPayment,
  type ExternalPaymentInclude,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { EXTERNAL_TOKEN_TTL_SECONDS, signExternalToken } from '../../tokens/external-token';
import type { InvoicesService } from '../billing/billing.service';
import type { CalendarService } from '../calendar/calendar.service';
import { LOOKUP_FLOOR_MS, withAnswerFloor } from './answer-floor';
import * as repo from './external.repo';

export type ExternalServiceDeps = {
  db: Database;
  jwtSecret: string;
  calendar: Pick<CalendarService, 'calendar'>;
  invoices: Pick<InvoicesService, 'propertyPayments'>;
  /** The least time a look-up takes, found or not (default LOOKUP_FLOOR_MS). */
  lookupFloorMs?: number;
};

export type ExternalCalendar = { calendar: { data: Calendar['data'] }; year: number; years: number[] };

/**
 * A phone shared by a whole street of customers would otherwise sign a token for each of their properties; a
 * household has a handful.
 */
export const PHONE_LOOKUP_MAX_PROPERTIES = 20;

/** The one answer of every look-up that finds nothing, whatever the reason (see EXTERNAL_MESSAGES.notFound). */
const lookupFailed = () => unauthorized(EXTERNAL_MESSAGES.notFound);

/**
 * What a customer without a web account may do: prove a phone or an account number to get a short-lived token per
 * property (spec 3 §2, external access), then read that property's calendar and payments. Every read takes the
 * property id from the verified token, never from the request, so a token can only ever reach its own property.
 */
export function createExternalService({
  db,
  jwtSecret,
  calendar,
  invoices,
  lookupFloorMs = LOOKUP_FLOOR_MS,
}: ExternalServiceDeps) {
  /** The token reads the calendar and payments and changes the payment method of this property: nothing else. */
  async function toAccount(row: repo.ExternalAccountRow): Promise<ExternalAccount> {
    const accessToken = await signExternalToken(
      { propertyId: row.propertyId, scopes: [...EXTERNAL_SCOPES] },
      jwtSecret,
    );
    return {
      accessToken,
      authType: 'Bearer',
      expiresIn: EXTERNAL_TOKEN_TTL_SECONDS,
      propertyId: row.propertyId,
      firstName: row.firstName,
      contactNumber: row.contactNumber,
      weekDay: row.weekDay,
      accountNumber: row.accountNumber,
      costService: row.totalMowing,
      serviceAddress: row.serviceAddress,
    };
  }

  return {
    isLiveProperty: (propertyId: number): Promise<boolean> => repo.isLiveProperty(db, propertyId),

    /** Every property of the customers with this phone, each with its own token; unknown phones answer 401. */
    searchPhone: (phone: string): Promise<ExternalAccount[]> =>
      withAnswerFloor(lookupFloorMs, async () => {
        const rows = await repo.findAccountsByPhone(db, phone, PHONE_LOOKUP_MAX_PROPERTIES);
        if (rows.length === 0) throw lookupFailed();
        return Promise.all(rows.map(toAccount));
      }),

    /** The property of this account number with its token; unknown numbers answer 401, like unknown phones. */
    loginAccount: (accountNumber: string): Promise<ExternalAccount> =>
      withAnswerFloor(lookupFloorMs, async () => {
        const row = await repo.findAccountByNumber(db, accountNumber);
        if (!row) throw lookupFailed();
        return toAccount(row);
      }),

    /** The property's whole year, read-only (spec 3 §3: calendar with its data list, year, years). */
    async calendar(propertyId: number, year: number | undefined): Promise<ExternalCalendar> {
      const result = await calendar.calendar(propertyId, { year, filter: 'all' });
      return { calendar: { data: result.data }, year: result.year, years: result.years };
    },

    /** The property's payments, newest first. */
    payments: (propertyId: number, query: ListQuery<ExternalPaymentInclude>): Promise<ListResult<ExternalPayment>> =>
      invoices.propertyPayments(propertyId, query),
  };
}

export type ExternalService = ReturnType<typeof createExternalService>;
