import { z } from 'zod';
import { isAccountNumberPlausible } from '../customers/account-number';
import { mowYearSchema } from '../schedule/schedule.schema';
import { idSchema, requiredText } from '../validation';
import { firstBroken } from '../validation/rules';

/**
 * What an external access token lets a customer do (read-mostly access to the
 * calendar, the payments and the payment method of one property). A token carries the scopes it was issued for: the
 * phone door's read the calendar and payments only, the account-number door's open the payment pages as well, where a
 * change still asks for the service zip code and the phone's last four digits.
 */
export const EXTERNAL_SCOPES = ['calendar', 'payments', 'payment-method'] as const;
export type ExternalScope = (typeof EXTERNAL_SCOPES)[number];
export const externalScopeSchema = z.enum(EXTERNAL_SCOPES);

/** Who an external request runs for: one property (one token per address) and what the token allows. */
export const externalAccessSchema = z.object({
  /** A property id, inside the int4 id range so a forged huge id cannot reach a query. */
  propertyId: idSchema,
  scopes: z.array(externalScopeSchema).min(1),
});
export type ExternalAccess = z.infer<typeof externalAccessSchema>;

/** GET /api/external/calendar?year=: the year is optional (the calendar's default year); nothing else is accepted. */
export const externalCalendarQuerySchema = z.strictObject({ year: mowYearSchema.optional() });
export type ExternalCalendarQuery = z.infer<typeof externalCalendarQuerySchema>;

/**
 * External access messages. A look-up that finds nothing answers `notFound` whatever the reason (no
 * such number, a deleted customer, an order not approved), so the answer never tells which numbers exist.
 */
export const EXTERNAL_MESSAGES = {
  phoneRequired: 'Number is required',
  phoneInvalid: 'Number is invalid. Please try again.',
  accountNumberRequired: 'Account number is required',
  accountNumberMin: 'Account number must be at least 4 characters',
  accountNumberInvalid: 'Account number is not valid',
  /** A phone several customers share cannot say whose properties to show: the account number picks the customer. */
  phoneShared: 'More than one customer has this phone number. Enter your account number as well.',
  notFound: 'We could not find an account with that number. Please check it and try again.',
  unexpected: 'An unexpected error occurred.',
  tooManyLookups: 'Too many look-ups. Please try again in a minute.',
  tokenMissing: 'Access token is not available.',
} as const;

/** A phone is looked up by its 10 digits, as it is stored (exactly 10 digits). */
export const EXTERNAL_PHONE_PATTERN = /^\d{10}$/;
export const EXTERNAL_ACCOUNT_NUMBER_MIN = 4;
/** The width of the account number column: a longer one cannot exist. */
const ACCOUNT_NUMBER_MAX = 20;

/**
 * An account number as a customer types it: any number the business ever gave (older ones have no check digit), but a
 * number of the current shape must carry its check digit, so a typo is named before anything is looked up.
 */
const accountNumber = requiredText({
  required: EXTERNAL_MESSAGES.accountNumberRequired,
  min: EXTERNAL_ACCOUNT_NUMBER_MIN,
  minMessage: EXTERNAL_MESSAGES.accountNumberMin,
  max: ACCOUNT_NUMBER_MAX,
}).refine(isAccountNumberPlausible, firstBroken(EXTERNAL_MESSAGES.accountNumberInvalid));

/**
 * POST /api/external/search-phone (body contact_number). `account_number` is needed only when several
 * customers share the phone (the answer then says so); given, it must be one of that phone's customer's.
 */
export const externalPhoneSearchSchema = z.strictObject({
  contact_number: requiredText({
    required: EXTERNAL_MESSAGES.phoneRequired,
    pattern: { regex: EXTERNAL_PHONE_PATTERN, message: EXTERNAL_MESSAGES.phoneInvalid },
    max: 10,
    maxMessage: EXTERNAL_MESSAGES.phoneInvalid,
  }),
  account_number: accountNumber.optional(),
});
export type ExternalPhoneSearch = z.infer<typeof externalPhoneSearchSchema>;

/** POST /api/external/login-account (body account_number). */
export const externalAccountLoginSchema = z.strictObject({ account_number: accountNumber });
export type ExternalAccountLogin = z.infer<typeof externalAccountLoginSchema>;

/**
 * One property reached by a look-up, with its own token (external access result: token, contactNumber,
 * weekDay, accountNumber, costService, serviceAddress; one token per address). `costService` is what one mow costs
 * the customer, tax included: the amount each service is billed.
 */
export const externalAccountSchema = z.object({
  accessToken: z.string(),
  authType: z.literal('Bearer'),
  /** Seconds the token stays valid. */
  expiresIn: z.number().int(),
  propertyId: z.number().int(),
  firstName: z.string(),
  contactNumber: z.string(),
  /** The mow weekday, 1 Monday to 5 Friday. */
  weekDay: z.number().int(),
  accountNumber: z.string(),
  costService: z.number(),
  serviceAddress: z.string(),
});
export type ExternalAccount = z.infer<typeof externalAccountSchema>;

export const externalPhoneSearchResponseSchema = z.object({ data: z.array(externalAccountSchema).min(1) });
export const externalAccountLoginResponseSchema = z.object({ data: externalAccountSchema });

/** The payments table shows 10 rows a page. */
export const EXTERNAL_PAYMENTS_PAGE_SIZE = 10;

/**
 * One row of GET /api/external/payments (external payment record: customerId, createdAt, amount,
 * crewService with week and weekDay, customerPayment with paymentTypeName). The two related objects come with
 * `include=crewService,customerPayment`.
 */
export const externalPaymentSchema = z.object({
  id: z.number().int(),
  /** The property's account number. */
  customerId: z.string(),
  /** The billing date (YYYY-MM-DD). */
  createdAt: z.string(),
  /** What the service was billed, tax included. */
  amount: z.number(),
  status: z.number().int(),
  statusName: z.string(),
  /** The billed mow: its week of the mow year and its weekday's name. */
  crewService: z.object({ week: z.number().int(), weekDay: z.string() }).optional(),
  customerPayment: z.object({ paymentTypeName: z.string() }).optional(),
});
export type ExternalPayment = z.infer<typeof externalPaymentSchema>;

/** What the payments list may add to each row (include=crewService,customerPayment). */
export const EXTERNAL_PAYMENT_INCLUDES = ['crewService', 'customerPayment'] as const;
export type ExternalPaymentInclude = (typeof EXTERNAL_PAYMENT_INCLUDES)[number];
