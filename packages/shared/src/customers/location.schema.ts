import { z } from 'zod';
import { versionSchema } from '../http/version';
import { requiredText } from '../validation';
import { ACCOUNT_NUMBER_PATTERN, CUSTOMER_MESSAGES, ZIP_PATTERN } from './customer.schema';

/** Texts of the Other locations tab, and our own where the spec is silent. */
export const LOCATION_MESSAGES = {
  fillAll: 'Fill in the 3 fields to assign a location',
  removeConfirm: 'Are you sure you would like to remove this location?',
  accountNotFound: 'No customer has this account number',
  ownAccount: 'This is the account of this customer',
  alreadyAssigned: 'This location is already assigned',
  verifyFirst: 'Verify the account number first',
  added: 'Location assigned',
  updated: 'Location saved',
  removed: 'Location removed',
  notFound: 'Location not found',
  stale: 'Someone else changed this location meanwhile. It now shows their version.',
} as const;

/**
 * POST /api/customers/{id}/locations: all three fields are needed (one message for any of them missing), the zip is 5
 * digits and the account number must be a live customer's (checked by the server).
 */
export const locationCreateSchema = z.strictObject({
  streetAddress: requiredText({ required: LOCATION_MESSAGES.fillAll, max: 255 }),
  accountNumber: requiredText({
    required: LOCATION_MESSAGES.fillAll,
    pattern: { regex: ACCOUNT_NUMBER_PATTERN, message: CUSTOMER_MESSAGES.accountInvalid },
    max: 20,
    maxMessage: CUSTOMER_MESSAGES.accountInvalid,
  }),
  zipCode: requiredText({
    required: LOCATION_MESSAGES.fillAll,
    pattern: { regex: ZIP_PATTERN, message: CUSTOMER_MESSAGES.zipInvalid },
    max: 5,
  }),
});
export type LocationCreate = z.infer<typeof locationCreateSchema>;

/**
 * PATCH /api/customers/{id}/locations/{locationId}: the location as edited, under the rules of a new one, and the
 * version it was edited from (an older one is refused with 409). A changed account number is verified again.
 */
export const locationPatchSchema = locationCreateSchema.extend({ version: versionSchema });
export type LocationPatch = z.infer<typeof locationPatchSchema>;

export const locationSchema = z.object({
  id: z.number().int(),
  customerAttributesId: z.number().int(),
  streetAddress: z.string(),
  accountNumber: z.string(),
  zipCode: z.string(),
  /** The customer record the account number belongs to, to jump to; null once that record is deleted. */
  linkedCustomerAttributesId: z.number().int().nullable(),
  status: z.number().int(),
  /** Goes up by one with every edit; an edit sends the version it was made from. */
  version: z.number().int(),
  createdAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;
export const locationResponseSchema = z.object({ message: z.string(), data: locationSchema });
export const locationsResponseSchema = z.object({ data: z.array(locationSchema) });
