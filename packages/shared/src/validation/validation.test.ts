import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  boundedText,
  choiceOf,
  decimal,
  selectedNumber,
  emailAddress,
  hasNul,
  idParamSchema,
  idSchema,
  listOf,
  requiredText,
  unstorableTextMessage,
  VALIDATION_MESSAGES,
  wholeNumber,
  wholeNumberParam,
} from '.';

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('requiredText', () => {
  const name = requiredText({
    required: 'Name is required',
    min: 3,
    max: 10,
    pattern: { regex: /^[a-z ]+$/, message: 'Letters only' },
  });

  it.each([
    ['missing', undefined, ['Name is required']],
    ['null', null, ['Name is required']],
    ['a number', 12, ['Name is required']],
    ['empty', '', ['Name is required']],
    ['blank', '   ', ['Name is required']],
    ['with a NUL', 'ab\u0000c', [VALIDATION_MESSAGES.noNul]],
    ['in the wrong format', 'abc1', ['Letters only']],
    ['too short', 'ab', ['Minimum 3 characters']],
    ['too long', 'abcdefghijk', ['Max. 10 characters']],
  ])('%s answers only its own message', (_, value, expected) => {
    expect(messagesOf(name, value)).toEqual(expected);
  });

  it('trims unless told not to', () => {
    expect(name.parse('  abc  ')).toBe('abc');
    expect(requiredText({ required: 'x', max: 10, trim: false }).parse(' a ')).toBe(' a ');
  });
});

describe('boundedText', () => {
  const note = boundedText({ max: 5 });
  it('accepts empty text and refuses missing, NUL and too long', () => {
    expect(note.parse('')).toBe('');
    expect(messagesOf(note, undefined)).toEqual([VALIDATION_MESSAGES.required]);
    expect(messagesOf(note, '\u0000')).toEqual([VALIDATION_MESSAGES.noNul]);
    expect(messagesOf(note, 'abcdef')).toEqual(['Max. 5 characters']);
  });
});

describe('emailAddress', () => {
  it('answers the invalid message for a missing or malformed address and its own for a long one', () => {
    const email = emailAddress({ invalid: 'Invalid email' });
    expect(messagesOf(email, undefined)).toEqual(['Invalid email']);
    expect(messagesOf(email, 'nope')).toEqual(['Invalid email']);
    expect(messagesOf(email, '')).toEqual(['Invalid email']);
    expect(messagesOf(email, `${'a'.repeat(250)}@b.com`)).toEqual(['Max. 255 characters']);
    expect(emailAddress({ invalid: 'Invalid email', allowEmpty: true }).parse('')).toBe('');
  });
});

describe('whole numbers', () => {
  const crew = wholeNumber({ min: 1, max: 99, required: 'Crew is required' });
  it.each([
    [undefined, ['Crew is required']],
    ['7', ['Crew is required']],
    [1.5, ['Enter a whole number from 1 to 99']],
    [0, ['Enter a whole number from 1 to 99']],
    [100, ['Enter a whole number from 1 to 99']],
    [1e300, ['Enter a whole number from 1 to 99']],
    [Number.POSITIVE_INFINITY, ['Crew is required']],
  ])('%s answers %j', (value, expected) => {
    expect(messagesOf(crew, value)).toEqual(expected);
  });

  it('reads a path or query value as text, inside the int4 id range', () => {
    expect(idParamSchema.parse('42')).toBe(42);
    expect(wholeNumberParam({ min: 0, max: 5 }).parse('0')).toBe(0);
    const idMessage = VALIDATION_MESSAGES.wholeNumber(1, 2_147_483_647);
    expect(messagesOf(idParamSchema, '99999999999')).toEqual([idMessage]);
    expect(messagesOf(idParamSchema, 'abc')).toEqual([idMessage]);
    expect(messagesOf(idSchema, 2_147_483_648)).toEqual([idMessage]);
    expect(idSchema.parse(2_147_483_647)).toBe(2_147_483_647);
  });
});

describe('decimal, choiceOf and listOf', () => {
  it('bound a coordinate', () => {
    expect(messagesOf(decimal({ min: -90, max: 90 }), 91)).toEqual(['Enter a number from -90 to 90']);
    expect(messagesOf(decimal({ min: -90, max: 90 }), Number.NaN)).toEqual(['Enter a number from -90 to 90']);
  });

  it('answer one message for anything that is not a listed code', () => {
    const day = choiceOf({ 1: 'Monday', 2: 'Tuesday' });
    expect(day.parse(2)).toBe(2);
    for (const value of [3, 1.5, '1', undefined]) expect(messagesOf(day, value)).toEqual([VALIDATION_MESSAGES.choose]);
  });

  it('bound a list', () => {
    const ids = listOf(idSchema, { min: 1, max: 2 });
    expect(messagesOf(ids, [])).toEqual([VALIDATION_MESSAGES.required]);
    expect(messagesOf(ids, 'x')).toEqual([VALIDATION_MESSAGES.required]);
    expect(messagesOf(ids, [1, 2, 3])).toEqual(['Choose at most 2']);
  });
});

describe('hasNul', () => {
  it('finds the NUL character anywhere in a text', () => {
    expect(hasNul('a\u0000')).toBe(true);
    expect(hasNul('plain text')).toBe(false);
  });
});

describe('unstorableTextMessage', () => {
  it.each([
    ['plain text', null],
    ['an emoji 🌱 keeps its surrogate pair', null],
    ['NUL \u0000', VALIDATION_MESSAGES.noNul],
    ['a lone high surrogate \uD800', VALIDATION_MESSAGES.brokenCharacter],
    ['a lone low surrogate \uDC00 in the middle', VALIDATION_MESSAGES.brokenCharacter],
    ['\uDC00\uD800 reversed pair', VALIDATION_MESSAGES.brokenCharacter],
  ])('%j -> %s', (text, message) => {
    expect(unstorableTextMessage(text)).toBe(message);
  });

  it('is answered by the shared text rules, required or not', () => {
    expect(messagesOf(requiredText({ required: 'Name is required', max: 50 }), 'Ann\uD800')).toEqual([
      VALIDATION_MESSAGES.brokenCharacter,
    ]);
    expect(messagesOf(boundedText({ max: 50 }), '\uDFFF')).toEqual([VALIDATION_MESSAGES.brokenCharacter]);
  });
});

describe('selectedNumber', () => {
  const form = z.object({
    cardType: selectedNumber(choiceOf({ 1: 'Visa', 2: 'MasterCard' }, 'Choose the card type')),
    month: selectedNumber(wholeNumber({ min: 1, max: 12, required: 'Month is required', message: 'Not a month' })),
  });

  it("answers the field's own message while nothing is chosen", () => {
    const messages = form.safeParse({ cardType: '', month: '' }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Choose the card type', 'Month is required']);
  });

  it('gives the chosen number, and refuses one out of its range with its message', () => {
    expect(form.parse({ cardType: 2, month: 12 })).toEqual({ cardType: 2, month: 12 });
    const messages = form.safeParse({ cardType: 3, month: 13 }).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['Choose the card type', 'Not a month']);
  });
});
