import { PG_INTEGER_RANGES, wholeNumber } from '../validation';

/**
 * Edits a person makes carry the version of the row they edited (`version`, which goes up by one with every change).
 * A save against an older version answers 409 and writes nothing, so nobody overwrites a change they have not seen.
 */
export const VERSION_MESSAGES = {
  invalid: 'Send the version you edited',
} as const;

export const versionSchema = wholeNumber({
  min: 1,
  max: PG_INTEGER_RANGES.integer.max,
  message: VERSION_MESSAGES.invalid,
});
