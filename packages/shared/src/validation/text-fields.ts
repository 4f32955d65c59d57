import { z } from 'zod';
import { firstBroken, hasLoneSurrogate, hasNul, VALIDATION_MESSAGES, whenMissingOrWrongType } from './rules';

/** zod's own e-mail format, the one `z.email()` checks. */
export const EMAIL_PATTERN = z.regexes.email;

type TextRules = {
  /** Answered for a missing, wrong-type or empty value (blank counts as empty when trimmed). */
  required: string;
  max: number;
  /** Default 'Max. N characters'. */
  maxMessage?: string;
  min?: number;
  /** Default 'Minimum N characters'. */
  minMessage?: string;
  /** A format the text must match; checked before the lengths, as a format usually fixes the length too. */
  pattern?: { regex: RegExp; message: string };
  /** Trim surrounding spaces before checking (default true); passwords keep theirs. */
  trim?: boolean;
};

/** Text that must be given: required, no NUL nor lone surrogate, then its format, then its lengths, each with its own message. */
export function requiredText(rules: TextRules): z.ZodString {
  const { required, max, min, pattern, trim = true } = rules;
  let schema = z.string(whenMissingOrWrongType(required));
  if (trim) schema = schema.trim();
  schema = schema
    .refine((text) => text.length > 0, firstBroken(required))
    .refine((text) => !hasNul(text), firstBroken(VALIDATION_MESSAGES.noNul))
    .refine((text) => !hasLoneSurrogate(text), firstBroken(VALIDATION_MESSAGES.brokenCharacter));
  if (pattern) schema = schema.refine((text) => pattern.regex.test(text), firstBroken(pattern.message));
  if (min !== undefined) {
    const minMessage = rules.minMessage ?? VALIDATION_MESSAGES.minCharacters(min);
    schema = schema.refine((text) => text.length >= min, firstBroken(minMessage));
  }
  const maxMessage = rules.maxMessage ?? VALIDATION_MESSAGES.maxCharacters(max);
  return schema
    .refine((text) => text.length <= max, firstBroken(maxMessage))
    .meta({ minLength: min ?? 1, maxLength: max, ...(pattern ? { pattern: pattern.regex.source } : {}) });
}

type BoundedTextRules = {
  max: number;
  /** Default 'Max. N characters'. */
  maxMessage?: string;
  /** Answered for a missing or wrong-type value (default 'Field is required'). */
  required?: string;
  /** Trim surrounding spaces first (default true). */
  trim?: boolean;
};

/** Text that may be empty: no NUL nor lone surrogate, and at most `max` characters. */
export function boundedText(rules: BoundedTextRules): z.ZodString {
  const { max, required = VALIDATION_MESSAGES.required, trim = true } = rules;
  let schema = z.string(whenMissingOrWrongType(required));
  if (trim) schema = schema.trim();
  const maxMessage = rules.maxMessage ?? VALIDATION_MESSAGES.maxCharacters(max);
  return schema
    .refine((text) => !hasNul(text), firstBroken(VALIDATION_MESSAGES.noNul))
    .refine((text) => !hasLoneSurrogate(text), firstBroken(VALIDATION_MESSAGES.brokenCharacter))
    .refine((text) => text.length <= max, firstBroken(maxMessage))
    .meta({ maxLength: max });
}

type EmailRules = {
  /** Answered for a missing, wrong-type or malformed address. */
  invalid: string;
  /** Default 255, the width of the e-mail columns. */
  max?: number;
  /** Accept '' as "no address" (optional e-mail fields). */
  allowEmpty?: boolean;
};

/** An e-mail address, or '' when `allowEmpty`; one schema (not a union) so every failure keeps its own message. */
export function emailAddress({ invalid, max = 255, allowEmpty = false }: EmailRules): z.ZodString {
  return z
    .string(whenMissingOrWrongType(invalid))
    .refine((text) => text.length <= max, firstBroken(VALIDATION_MESSAGES.maxCharacters(max)))
    .refine((text) => (allowEmpty && text === '') || EMAIL_PATTERN.test(text), firstBroken(invalid))
    .meta({ maxLength: max, ...(allowEmpty ? {} : { format: 'email' }) });
}
