import { boundedText, decimal, requiredText, wholeNumber } from '../validation';
import { firstBroken } from '../validation/rules';
import type { MowCut } from './customer.constants';

/** Exact user-facing texts of the record's Property information tab, and its own where the spec is silent. */
export const PROPERTY_MESSAGES = {
  /** The spec's one message for a missing lot size and for a turf size out of range. */
  size: "Lot size must be greater than 0 and can't be exceeded 16000",
  latPositive: 'Please enter a valid positive number.',
  lngNegative: 'Please enter a valid negative number.',
  lotSizeUnknown: "Choose one of the market's lot sizes",
} as const;

/** The largest turf size the record accepts, in sq ft. */
export const TURF_SIZE_MAX = 16_000;
/** A lot review is at most 5 characters, always uppercase. */
export const LOT_REVIEW_MAX = 5;
/** Community and gate codes: what the crew types at a keypad, at most 50 characters. */
export const GATE_CODE_MAX = 50;

/** The areas to mow as the record's checkboxes name them (Front, Back, Bag grass, Duplex right, Duplex left). */
export const MOW_CUT_LABELS: Record<MowCut, string> = {
  Front: 'Front',
  Back: 'Back',
  BagGrass: 'Bag grass',
  DuplexRight: 'Duplex right',
  DuplexLeft: 'Duplex left',
};

/** A lot review as it is stored: uppercase, and none when blank (forced uppercase). */
export function normalizeLotReview(review: string | null): string | null {
  const text = review?.trim().toUpperCase() ?? '';
  return text === '' ? null : text;
}

/**
 * The Property information fields of PATCH /api/customers/{id}, each with the spec's message:
 * - lotSize: the name of one of the market's lot-size tiers, required;
 * - turfSize: optional, a whole number of sq ft from 1 to 16000;
 * - lotReview: up to 5 characters (stored uppercase); community and gate codes up to 50;
 * - lat: none or a latitude that is not negative; lng: none or a negative longitude (the market is in the western
 *   hemisphere, north of the equator). A value outside the globe answers the range first.
 */
export const propertyFieldsSchema = {
  lotSize: requiredText({ required: PROPERTY_MESSAGES.size, max: 50 }),
  turfSize: wholeNumber({ min: 1, max: TURF_SIZE_MAX, message: PROPERTY_MESSAGES.size }).nullable(),
  lotReview: boundedText({ max: LOT_REVIEW_MAX }).nullable(),
  communityCode: boundedText({ max: GATE_CODE_MAX }).nullable(),
  gateCode: boundedText({ max: GATE_CODE_MAX }).nullable(),
  lat: decimal({ min: -90, max: 90 })
    .refine((lat) => lat >= 0, firstBroken(PROPERTY_MESSAGES.latPositive))
    .nullable(),
  lng: decimal({ min: -180, max: 180 })
    .refine((lng) => lng < 0, firstBroken(PROPERTY_MESSAGES.lngNegative))
    .nullable(),
};
