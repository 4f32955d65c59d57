import { z } from 'zod';
import { CUSTOMER_MESSAGES } from '../customers/customer.schema';
import { boundedText, ID_RANGE, requiredText, wholeNumber } from '../validation';

/** The service zones screen's texts, and its own where the spec is silent. */
export const SERVICE_ZONE_MESSAGES = {
  zipRequired: 'Zipcode is required',
  zipMin: 'Min. 5 characters',
  zipMax: 'Max. 5 characters',
  /** The spec says the zip takes digits only; its market-map screen words the same rule this way. */
  zipDigits: 'Enter only numbers',
  exceptionsMax: 'Max. 500 characters',
  cityRequired: CUSTOMER_MESSAGES.cityRequired,
  stateRequired: CUSTOMER_MESSAGES.stateRequired,
  stateUnknown: 'Choose a state from the list',
  /** A zip the data set does not know whose first three digits no US zip has either. */
  zipNoArea: 'No US zip code starts with these three digits',
  /** The state of a zip the data set does not know must be the state of the zips that start like it. */
  stateNotOfZip: (states: readonly string[]) =>
    `Zip codes starting with these three digits are in ${states.join(' or ')}`,
  marketRequired: CUSTOMER_MESSAGES.marketRequired,
  added: 'Service Zone Successfully Added',
  edited: 'Service Zone Successfully Edited',
  deleted: 'Service Zone Successfully deleted',
  deleteConfirm: 'Are you sure you want to delete this Service Zone?',
  deleteDetail: 'This action cannot be undone',
  zipTaken: (marketName: string) => `This zip code already belongs to the ${marketName} market`,
  stale: 'Someone else changed this service zone. Reload it and try again.',
  notFound: 'Service zone not found',
} as const;

/** Rows per page of the service zones grid, the first being the default. */
export const SERVICE_ZONE_PAGE_SIZES = [10, 15, 30] as const;
export const EXCEPTIONS_MAX = 500;
const ZIP_LENGTH = 5;
const CITY_MAX = 100;

/** The zone's zip: required, digits only, exactly 5, each with its own message. */
const zoneZipcode = requiredText({
  required: SERVICE_ZONE_MESSAGES.zipRequired,
  pattern: { regex: /^\d+$/, message: SERVICE_ZONE_MESSAGES.zipDigits },
  min: ZIP_LENGTH,
  minMessage: SERVICE_ZONE_MESSAGES.zipMin,
  max: ZIP_LENGTH,
  maxMessage: SERVICE_ZONE_MESSAGES.zipMax,
});

/** What a person sends to add a zone, or to change one. City and state may be empty when the zip is a known one. */
export const serviceZoneInputSchema = z.strictObject({
  marketId: wholeNumber({ ...ID_RANGE, message: SERVICE_ZONE_MESSAGES.marketRequired }),
  zipcode: zoneZipcode,
  exceptions: boundedText({ max: EXCEPTIONS_MAX, maxMessage: SERVICE_ZONE_MESSAGES.exceptionsMax }).default(''),
  city: boundedText({ max: CITY_MAX }).default(''),
  /** A state code from the states list ('' when the zip is a known one). */
  state: boundedText({ max: 2, maxMessage: SERVICE_ZONE_MESSAGES.stateUnknown }).default(''),
});
export type ServiceZoneInput = z.input<typeof serviceZoneInputSchema>;
export type ServiceZoneValues = z.output<typeof serviceZoneInputSchema>;

/** A change carries the version the person saw, so a change made meanwhile by someone else is not overwritten. */
export const serviceZonePatchSchema = serviceZoneInputSchema.extend({
  version: wholeNumber({ ...ID_RANGE }),
});
export type ServiceZonePatch = z.input<typeof serviceZonePatchSchema>;

/**
 * When the zip is not in the zip data set the zone cannot be validated, so the person must say its city and state
 * ("otherwise city and state become required"). Answers the message per missing field.
 */
export function missingZoneLocation(
  zone: { city: string; state: string },
  isZipKnown: boolean,
): Partial<Record<'city' | 'state', string>> {
  if (isZipKnown) return {};
  return {
    ...(zone.city.trim() === '' ? { city: SERVICE_ZONE_MESSAGES.cityRequired } : {}),
    ...(zone.state.trim() === '' ? { state: SERVICE_ZONE_MESSAGES.stateRequired } : {}),
  };
}

const person = z.object({ id: z.number().int(), fullName: z.string() }).nullable();

/** One row of the service zones grid (zip, exceptions, city, state, validated, user, created, edited). */
export const serviceZoneSchema = z.object({
  id: z.number().int(),
  marketId: z.number().int(),
  marketName: z.string(),
  zipcode: z.string(),
  exceptions: z.string(),
  city: z.string(),
  state: z.string(),
  /** The zip was found in the zip data set, which gave the city and state. */
  isValidated: z.boolean(),
  /** Who last changed the zone (who added it, until someone edits it). */
  user: person,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ServiceZone = z.infer<typeof serviceZoneSchema>;

export const serviceZoneResponseSchema = z.object({ data: serviceZoneSchema, message: z.string() });
