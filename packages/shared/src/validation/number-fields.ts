import { z } from 'zod';
import { firstBroken, ID_RANGE, VALIDATION_MESSAGES, whenMissingOrWrongType } from './rules';

type WholeNumberRules = {
  min: number;
  max: number;
  /** Answered for a fraction or a number out of range (default 'Enter a whole number from min to max'). */
  message?: string;
  /** Answered for a missing or wrong-type value (default: `message`). */
  required?: string;
};

/** A whole number inside its column's range (pick `min`/`max` inside `PG_INTEGER_RANGES`). */
export function wholeNumber(rules: WholeNumberRules): z.ZodNumber {
  const { min, max } = rules;
  const message = rules.message ?? VALIDATION_MESSAGES.wholeNumber(min, max);
  return z
    .number(whenMissingOrWrongType(rules.required ?? message))
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, firstBroken(message))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** The same for a query-string or path value, which arrives as text. */
export function wholeNumberParam(rules: WholeNumberRules) {
  const message = rules.message ?? VALIDATION_MESSAGES.wholeNumber(rules.min, rules.max);
  return z.coerce.number(whenMissingOrWrongType(rules.required ?? message)).pipe(wholeNumber(rules));
}

/** A finite number from `min` to `max` (coordinates, amounts). */
export function decimal(rules: { min: number; max: number; message?: string }): z.ZodNumber {
  const { min, max } = rules;
  const message = rules.message ?? VALIDATION_MESSAGES.number(min, max);
  return z
    .number(whenMissingOrWrongType(message))
    .refine((value) => value >= min && value <= max, firstBroken(message))
    .meta({ minimum: min, maximum: max });
}

/** A record id in a body (1 to the int4 maximum). */
export const idSchema = wholeNumber(ID_RANGE);
/** A record id in a path or query string. */
export const idParamSchema = wholeNumberParam(ID_RANGE);

/** One of the codes of a label table such as `{ 1: 'Weekly', 2: 'Bi-Weekly' }`; anything else answers `message`. */
export function choiceOf(labels: Record<number, string>, message: string = VALIDATION_MESSAGES.choose): z.ZodNumber {
  const codes = Object.keys(labels).map(Number);
  // Every failure of a choice (missing, wrong type, unknown code) means the same thing, so it has one message.
  return z
    .number({ error: message })
    .refine((value) => codes.includes(value), message)
    .meta({ enum: codes });
}

type ListRules = {
  max: number;
  /** Default 'Choose at most N'. */
  maxMessage?: string;
  min?: number;
  /** Answered for a missing or wrong-type list and for fewer than `min` items (default 'Field is required'). */
  required?: string;
};

/** An array of `item`, bounded so one request cannot ask for an unbounded amount of work. */
export function listOf<T extends z.ZodType>(item: T, rules: ListRules): z.ZodArray<T> {
  const { min = 0, max } = rules;
  const required = rules.required ?? VALIDATION_MESSAGES.required;
  return z
    .array(item, whenMissingOrWrongType(required))
    .refine((items) => items.length >= min, firstBroken(required))
    .refine((items) => items.length <= max, firstBroken(rules.maxMessage ?? VALIDATION_MESSAGES.maxItems(max)))
    .meta({ minItems: min, maxItems: max });
}

/**
 * A select of numbers as a form holds it: '' until something is chosen. The form's value may be '', the valid result
 * is the chosen number, and '' answers the field's own message for a missing value, as the API would.
 */
export function selectedNumber(schema: z.ZodType<number, number>) {
  return z.union([z.literal(''), schema]).transform((value, context): number => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/**
 * A number typed in a text field, as a form holds it: the text, which must be a number `schema` accepts. Blank answers
 * the field's message for a missing value, as the API would.
 */
export function typedNumber(schema: z.ZodType<number, number>) {
  return z.string().transform((text, context): number => {
    const trimmed = text.trim();
    const parsed = schema.safeParse(trimmed === '' ? undefined : Number(trimmed));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}
