import { z } from 'zod';
import { CUSTOMER_MESSAGES, ZIP_PATTERN } from '../customers/customer.schema';
import { requiredText, wholeNumberParam } from '../validation';
import { firstBroken } from '../validation/rules';

/** What the place look-ups answer when they find nothing; every zip message is shown under the zip field. */
export const PLACE_MESSAGES = {
  zipNotFound: 'We could not find this zip code',
  /** A zip typed again after a look-up of it failed on the same screen (the billing zip included). */
  zipFoundInvalid: 'This zip code was found invalid: enter another one',
  notInServiceArea: 'This zip code is not in our service area',
  addressRequired: 'Type part of the address',
  addressNotLocated: 'This address could not be located',
  noCountyRecord: 'No county record was found for this address',
  marketNotFound: 'Market not found',
} as const;

/** Address suggestions answered at most per request. */
export const SUGGESTIONS_MAX = 10;
const ADDRESS_MAX = 255;

/**
 * A 5-digit zip code ('Zip code is required', 'Zip code is not valid (e.g. 70000)'). `invalidZips` are the
 * zips a look-up on the address form failed for: such a zip fails too, in the billing zip as well.
 */
export function zipcodeSchema(invalidZips: readonly string[] = []) {
  const schema = requiredText({
    required: CUSTOMER_MESSAGES.zipRequired,
    pattern: { regex: ZIP_PATTERN, message: CUSTOMER_MESSAGES.zipInvalid },
    max: 5,
  });
  if (invalidZips.length === 0) return schema;
  return schema.refine((zip) => !invalidZips.includes(zip), firstBroken(PLACE_MESSAGES.zipFoundInvalid));
}

/** `{zipcode}` in a look-up's path. */
export const zipcodeParamsSchema = z.strictObject({ zipcode: zipcodeSchema() });

/** A US state or DC as the state pickers list it; `isActive` marks the states the business serves. */
export const usStateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
});
export type UsState = z.infer<typeof usStateSchema>;

/** A zip code of the offline US zip data set: its city, state and centre. */
export const usZipSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type UsZip = z.infer<typeof usZipSchema>;
export const usZipResponseSchema = z.object({ data: usZipSchema });

/**
 * A zip code the business serves: its service zone's market and exceptions, with the market's tax rate and phone, and
 * the city and state (from the zone, else the zip data set). `serviceMarketsId` keeps the spec's name on the wire.
 */
export const zipServiceAreaSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  /** The zip's centre, when the zip data set knows it. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  serviceZoneId: z.number().int(),
  serviceMarketsId: z.number().int(),
  marketName: z.string(),
  /** Percent, e.g. 8.25. */
  taxRate: z.number(),
  phoneMarket: z.string().nullable(),
  /** What the zone does not cover, shown to whoever quotes the zip ('' when nothing). */
  exceptions: z.string(),
});
export type ZipServiceArea = z.infer<typeof zipServiceAreaSchema>;
export const zipServiceAreaResponseSchema = z.object({ data: zipServiceAreaSchema });

/** Part of an address as typed, to complete (with the zip when it is already known). */
export const suggestionsQuerySchema = z.strictObject({
  q: requiredText({ required: PLACE_MESSAGES.addressRequired, max: 100 }),
  zipcode: zipcodeSchema().optional(),
  limit: wholeNumberParam({ min: 1, max: SUGGESTIONS_MAX }).optional(),
});
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

export const addressSuggestionSchema = z.object({
  serviceAddress: z.string(),
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  /** An address the business already serves, with its position (only ever answered to staff). */
  isKnown: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export const addressSuggestionListSchema = z.object({ data: z.array(addressSuggestionSchema) });

const addressField = requiredText({ required: CUSTOMER_MESSAGES.serviceAddressRequired, max: ADDRESS_MAX });

export const geocodeQuerySchema = z.strictObject({ address: addressField, zipcode: zipcodeSchema().optional() });
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

/** Where an address is. `isApproximate`: only its zip code's centre is known, not the street address itself. */
export const geocodeSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  isApproximate: z.boolean(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type Geocode = z.infer<typeof geocodeSchema>;
export const geocodeResponseSchema = z.object({ data: geocodeSchema });

export const propertyDataQuerySchema = z.strictObject({ address: addressField, zipcode: zipcodeSchema() });
export type PropertyDataQuery = z.infer<typeof propertyDataQuerySchema>;

/** County records of a property, under the names the spec gives them (owner, size, pvalue). */
export const propertyDataSchema = z.object({
  owner: z.string().nullable(),
  /** Lot size in square feet. */
  size: z.number().int().nullable(),
  /** Assessed value in dollars. */
  pvalue: z.number().nullable(),
});
export type PropertyData = z.infer<typeof propertyDataSchema>;
export const propertyDataResponseSchema = z.object({ data: propertyDataSchema });

/** Where the map's tiles come from: a `{z}/{x}/{y}` URL template and the attribution its licence requires. */
export const mapSettingsSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSettings = z.infer<typeof mapSettingsSchema>;
export const mapSettingsResponseSchema = z.object({ data: mapSettingsSchema });
