import { z } from 'zod';
import { ZIP_PATTERN } from '../customers/customer.schema';
import { requiredText } from '../validation';

/**
 * A payment method changed through an external door (a phone or account-number look-up) needs two facts the customer
 * knows and a stranger holding a guessed account number does not: the zip code of the service address and the last
 * four digits of the phone on file. A customer signed in with their web account, and staff, are not asked.
 */
export const IDENTITY_CHECK_MESSAGES = {
  zipRequired: 'Service zip code is required',
  zipInvalid: 'Zip code must be 5 digits',
  phoneLastFourRequired: 'Last four digits of your phone are required',
  phoneLastFourInvalid: 'Enter the last four digits of your phone number',
  /** One answer for either fact being wrong, so a guess never learns which of the two was right. */
  mismatch: 'The zip code or phone digits do not match our records',
} as const;

export const PHONE_LAST_FOUR_PATTERN = /^\d{4}$/;

/** The two facts, as the payment form sends them with the change. */
export const identityCheckFields = {
  serviceZipCode: requiredText({
    required: IDENTITY_CHECK_MESSAGES.zipRequired,
    pattern: { regex: ZIP_PATTERN, message: IDENTITY_CHECK_MESSAGES.zipInvalid },
    max: 5,
    maxMessage: IDENTITY_CHECK_MESSAGES.zipInvalid,
  }),
  phoneLastFour: requiredText({
    required: IDENTITY_CHECK_MESSAGES.phoneLastFourRequired,
    pattern: { regex: PHONE_LAST_FOUR_PATTERN, message: IDENTITY_CHECK_MESSAGES.phoneLastFourInvalid },
    max: 4,
    maxMessage: IDENTITY_CHECK_MESSAGES.phoneLastFourInvalid,
  }),
};

export const identityCheckSchema = z.object(identityCheckFields);
export type IdentityCheck = z.infer<typeof identityCheckSchema>;
