import type { z } from 'zod';

/**
 * What every input rule shares. Two zod behaviours shape it:
 * - `z.string({ error: message })` gives `message` to every failing check without a message of its own, so a too-long
 *   name used to answer 'First name is required'. The type-level message here is answered only for a missing or
 *   wrong-type value (`whenMissingOrWrongType`), and every rule carries its own message.
 * - A field should answer one message: its first broken rule. `firstBroken` runs a rule only while the value has no
 *   issue yet. The issue stays "continuable" (unlike zod's `abort`), so a rule that looks at several fields still
 *   runs beside a broken one: an export with an empty name and no customer answers both 'Field is required' and
 *   'Select at least one customer'.
 */

/**
 * Ranges of PostgreSQL's integer columns. A number sent for such a column must stay inside its range: otherwise the
 * query fails and the client gets a 500 instead of a 400. `bigint` columns are read as JavaScript numbers, so they
 * stop at the safe-integer range.
 */
export const PG_INTEGER_RANGES = {
  smallint: { min: -32_768, max: 32_767 },
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;

/** Ids are `integer` identity columns: 1 and up. */
export const ID_RANGE = { min: 1, max: PG_INTEGER_RANGES.integer.max } as const;

/** Messages for rules the product spec gives no wording for (its own messages live with each domain's schema). */
export const VALIDATION_MESSAGES = {
  required: 'Field is required',
  maxCharacters: (max: number) => `Max. ${max} characters`,
  minCharacters: (min: number) => `Minimum ${min} characters`,
  noNul: 'Text cannot contain a NUL character',
  brokenCharacter: 'Text cannot contain a broken character',
  wholeNumber: (min: number, max: number) => `Enter a whole number from ${min} to ${max}`,
  number: (min: number, max: number) => `Enter a number from ${min} to ${max}`,
  choose: 'Choose one of the listed options',
  maxItems: (max: number) => `Choose at most ${max}`,
} as const;

/** PostgreSQL text cannot hold the NUL character (U+0000): a value with one would fail the query. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * A UTF-16 surrogate without its pair: a string that is not well-formed. No UTF-8 encodes it, so PostgreSQL refuses
 * it and the write (or the history row that quotes it) would fail.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The message for text PostgreSQL cannot store (NUL or a lone surrogate), or null when it can store it. */
export function unstorableTextMessage(text: string): string | null {
  if (hasNul(text)) return VALIDATION_MESSAGES.noNul;
  return hasLoneSurrogate(text) ? VALIDATION_MESSAGES.brokenCharacter : null;
}

/** The type-level message, answered only when the value is missing or of the wrong type. */
export function whenMissingOrWrongType(message: string) {
  return { error: (issue: { code?: string }) => (issue.code === 'invalid_type' ? message : undefined) };
}

/** Options of a rule that runs only while the value has no issue yet (see above). */
export function firstBroken(message: string) {
  return { message, when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };
}
