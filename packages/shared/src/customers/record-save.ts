import { z } from 'zod';
import { apiErrorSchema } from '../http/api.schema';
import { NEW_CUSTOMER_NOTE_MAX } from '../new-customers/new-customer.constants';
import { boundedText, decimal, PG_INTEGER_RANGES } from '../validation';

/**
 * How a save of the customer record meets other people's saves. Each save sends only the fields the person changed,
 * and for each the value they started from (`base`). A field nobody else changed meanwhile is saved; a field someone
 * else changed is refused (409) and named, with the value now stored and who stored it, so the person chooses which
 * to keep. Edits of different fields never collide.
 *
 * A new lot size or frequency whose price-table price is not the record's agreed base price needs the person's word
 * (`keepPrice`): keep the agreed price, or take the table's. Without it the save is refused (409) with both prices.
 */
export const RECORD_SAVE_MESSAGES = {
  fieldChanged: 'Someone else changed this meanwhile',
  fieldsChanged: 'Someone else changed a field you edited meanwhile. Choose which value to keep.',
  baseInvalid: 'Send the value the record showed',
  baseWithoutField: 'Send the value you started from only for a field you change',
  choosePrice:
    "The agreed base price is not the price table's for the new lot size and frequency. Choose which to keep.",
} as const;

/** The longest text of the record (its notes, such as the B&B notes). */
const RECORD_TEXT_MAX = NEW_CUSTOMER_NOTE_MAX;
/** More than any list of the record holds (the areas to mow, the review options). */
const RECORD_LIST_MAX = 10;

const baseText = boundedText({ max: RECORD_TEXT_MAX, trim: false });

/**
 * A value as the record showed it: text, a number, yes or no, none, or a list of texts (the areas to mow) or numbers
 * (the review options). It is only
 * compared with the stored value, never stored, so any number of the record's columns fits.
 */
export const recordValueSchema = z.union(
  [
    z.null(),
    z.boolean(),
    decimal({ min: PG_INTEGER_RANGES.integer.min, max: PG_INTEGER_RANGES.integer.max }),
    baseText,
    z.array(baseText).max(RECORD_LIST_MAX),
    z.array(decimal({ min: PG_INTEGER_RANGES.integer.min, max: PG_INTEGER_RANGES.integer.max })).max(RECORD_LIST_MAX),
  ],
  { error: RECORD_SAVE_MESSAGES.baseInvalid },
);

export type RecordValue = z.infer<typeof recordValueSchema>;

/** Whether two values of a record field are the same: equal scalars, or lists with the same items in the same order. */
export function isSameRecordValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => item === b[index]);
  return a === b;
}

/** A field someone else changed since the person's base: the value now stored, its words, and who stored it. */
export const fieldConflictSchema = z.object({
  value: z.unknown(),
  /** The stored value as the history words it ('Tuesday', '$35.00', 'none'). */
  text: z.string(),
  /** The full name of who changed it last, when a person did and the record's history says so. */
  by: z.string().nullable(),
});
export type FieldConflict = z.infer<typeof fieldConflictSchema>;

/** The two base prices a new lot size or frequency has to choose between. */
export const priceChoiceSchema = z.object({ agreed: z.number(), table: z.number() });
export type PriceChoice = z.infer<typeof priceChoiceSchema>;

/**
 * The 409 of PATCH /api/customers/{id}: the one error body, with the fields someone else changed (`conflicts`, each
 * also under `errors`), or the two prices a new lot size or frequency has to choose between (`priceChoice`).
 */
export const recordSaveConflictSchema = apiErrorSchema.extend({
  conflicts: z.record(z.string(), fieldConflictSchema).optional(),
  priceChoice: priceChoiceSchema.optional(),
});
export type RecordSaveConflict = z.infer<typeof recordSaveConflictSchema>;
