import {
  EXTERNAL_MESSAGES,
  EXTERNAL_SCOPES,
  IDENTITY_CHECK_MESSAGES,
  type Calendar,
  type CompletedService,
  type ExternalAccount,
  type ExternalPayment,
  type ExternalPaymentInclude,
  type ExternalScope,
  type IdentityCheck,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, unauthorized, type FieldErrors } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { EXTERNAL_TOKEN_TTL_SECONDS, signExternalToken } from '../../tokens/external-token';
import type { InvoicesService } from '../billing/billing.service';
import type { CalendarService } from '../calendar/calendar.service';
import type { PhotoDownload, VisitsService } from '../crew/visits.service';
import { LOOKUP_FLOOR_MS, withAnswerFloor, type FloorClock } from './answer-floor';
import * as repo from './external.repo';

export type ExternalServiceDeps = {
  db: Database;
  jwtSecret: string;
  calendar: Pick<CalendarService, 'calendar'>;
  invoices: Pick<InvoicesService, 'propertyPayments'>;
  visits: Pick<VisitsService, 'completedOfYear' | 'photo'>;
  /** The least time a look-up or identity check takes, found or not (default LOOKUP_FLOOR_MS). */
  lookupFloorMs?: number;
  /** The clock the floor is measured and waited on (default: the real one); tests count the waits. */
  floorClock?: FloorClock;
};

export type ExternalCalendar = {
  calendar: { data: Calendar['data'] };
  year: number;
  years: number[];
  visits: CompletedService[];
};

/** The most properties one phone look-up answers (a token each): a household has a handful, a landlord a few more. */
export const PHONE_LOOKUP_MAX_PROPERTIES = 20;

/**
 * What each door's token may do. A phone is often known to neighbours, relatives and former tenants, so the phone
 * door only reads the calendar and the payments. The account-number door opens the payment pages too, as the customer
 * pages ask for it; a change there still needs the identity check (see confirmIdentity).
 */
export const PHONE_DOOR_SCOPES: readonly ExternalScope[] = ['calendar', 'payments'];
export const ACCOUNT_DOOR_SCOPES: readonly ExternalScope[] = EXTERNAL_SCOPES;

/** The one answer of every look-up that finds nothing, whatever the reason (see EXTERNAL_MESSAGES.notFound). */
const lookupFailed = () => unauthorized(EXTERNAL_MESSAGES.notFound);

/** A phone several customers share: the look-up asks for the account number that says which customer is asking. */
const phoneShared = () =>
  badRequest(EXTERNAL_MESSAGES.phoneShared, { account_number: [EXTERNAL_MESSAGES.phoneShared] });

/** Either fact wrong (or the property gone): one answer naming both fields, so a guess never learns which was right. */
const identityMismatch = () =>
  badRequest(IDENTITY_CHECK_MESSAGES.mismatch, {
    serviceZipCode: [IDENTITY_CHECK_MESSAGES.mismatch],
    phoneLastFour: [IDENTITY_CHECK_MESSAGES.mismatch],
  });

/**
 * What a customer without a web account may do: prove a phone or an account number to get a short-lived token per
 * property (external access), then read that property's calendar and payments. Every read takes the
 * property id from the verified token, never from the request, so a token can only ever reach its own property.
 */
export function createExternalService({
  db,
  jwtSecret,
  calendar,
  invoices,
  visits,
  lookupFloorMs = LOOKUP_FLOOR_MS,
  floorClock,
}: ExternalServiceDeps) {
  const withFloor = <T>(work: () => Promise<T>): Promise<T> => withAnswerFloor(lookupFloorMs, work, floorClock);

  /** One property's answer, with a token for that property and the door's scopes: nothing else. */
  async function toAccount(row: repo.ExternalAccountRow, scopes: readonly ExternalScope[]): Promise<ExternalAccount> {
    const accessToken = await signExternalToken({ propertyId: row.propertyId, scopes: [...scopes] }, jwtSecret);
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

  /**
   * The one customer a phone look-up reaches: the phone's only customer, or, when several share it, the one holding
   * the account number given with it. An account number of another phone is a miss like any other.
   */
  async function customerOfPhone(phone: string, accountNumber: string | undefined): Promise<number> {
    if (accountNumber !== undefined) {
      const row = await repo.findAccountByNumber(db, accountNumber);
      if (!row || row.contactNumber !== phone) throw lookupFailed();
      return row.customerId;
    }
    const [only, another] = await repo.findCustomersByPhone(db, phone, 2);
    if (only === undefined) throw lookupFailed();
    if (another !== undefined) throw phoneShared();
    return only;
  }

  return {
    isLiveProperty: (propertyId: number): Promise<boolean> => repo.isLiveProperty(db, propertyId),

    /**
     * Every property of the one customer with this phone, each with its own read-only token; unknown phones answer
     * 401, and a phone several customers share asks for the account number (400) before it answers anything.
     */
    searchPhone: (phone: string, accountNumber?: string): Promise<ExternalAccount[]> =>
      withFloor(async () => {
        const customerId = await customerOfPhone(phone, accountNumber);
        const rows = await repo.findAccountsOfCustomer(db, customerId, PHONE_LOOKUP_MAX_PROPERTIES);
        if (rows.length === 0) throw lookupFailed();
        return Promise.all(rows.map((row) => toAccount(row, PHONE_DOOR_SCOPES)));
      }),

    /** The property of this account number with its token; unknown numbers answer 401, like unknown phones. */
    loginAccount: (accountNumber: string): Promise<ExternalAccount> =>
      withFloor(async () => {
        const row = await repo.findAccountByNumber(db, accountNumber);
        if (!row) throw lookupFailed();
        return toAccount(row, ACCOUNT_DOOR_SCOPES);
      }),

    /**
     * The identity check of a payment-method change made with an external token: the service zip code and the last
     * four digits of the phone on file must both match. It takes the look-ups' least time, right or wrong, and the
     * route counts it in the look-ups' per-address limit, so guessing it is as slow as guessing account numbers.
     */
    confirmIdentity: (propertyId: number, answers: Partial<IdentityCheck>): Promise<void> =>
      withFloor(async () => {
        const missing: FieldErrors = {};
        if (answers.serviceZipCode === undefined) missing['serviceZipCode'] = [IDENTITY_CHECK_MESSAGES.zipRequired];
        if (answers.phoneLastFour === undefined) {
          missing['phoneLastFour'] = [IDENTITY_CHECK_MESSAGES.phoneLastFourRequired];
        }
        if (Object.keys(missing).length > 0) throw badRequest(undefined, missing);
        const facts = await repo.findIdentityFacts(db, propertyId);
        const isMatch =
          facts !== undefined &&
          facts.zipcode === answers.serviceZipCode &&
          facts.contactNumber.slice(-4) === answers.phoneLastFour;
        if (!isMatch) throw identityMismatch();
      }),

    /**
     * The property's whole year, read-only (calendar with its data list, year, years), with the visits the crew
     * checked out of that year and their photos: the proof of service.
     */
    async calendar(propertyId: number, year: number | undefined): Promise<ExternalCalendar> {
      const result = await calendar.calendar(propertyId, { year, filter: 'all' });
      // To-dos are staff's reminders: the customer's own calendar never shows that a week has one.
      const data = result.data.map((week) => ({ ...week, todo: { active: false } }));
      return {
        calendar: { data },
        year: result.year,
        years: result.years,
        visits: await visits.completedOfYear(propertyId, result.year),
      };
    },

    /** A photo of a visit to the token's own property; another property's answers 404. */
    visitPhoto: (propertyId: number, visitId: number, photoId: number): Promise<PhotoDownload> =>
      visits.photo(propertyId, visitId, photoId),

    /** The property's payments, newest first. */
    payments: (propertyId: number, query: ListQuery<ExternalPaymentInclude>): Promise<ListResult<ExternalPayment>> =>
      invoices.propertyPayments(propertyId, query),
  };
}

export type ExternalService = ReturnType<typeof createExternalService>;
