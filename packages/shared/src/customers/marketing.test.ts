import { describe, expect, it } from 'vitest';
import { marketingFieldsSchema, shownMarketingWeek, spanishFieldsSchema } from './marketing';

describe('shownMarketingWeek', () => {
  it.each<[number | string | null, string]>([
    [null, ''],
    [7, '7'],
    [53, '53'],
    ['null', ''],
    [2026, ''],
  ])('%j shows %j', (value, shown) => {
    expect(shownMarketingWeek(value)).toBe(shown);
  });
});

describe('marketing and Spanish fields', () => {
  it.each<[string, unknown, boolean]>([
    ['about', 9, true],
    ['about', 6, false],
    ['about', null, true],
    ['optReviews', [1, 3], true],
    ['optReviews', [4], false],
    ['optReviews', [1, 2, 3, 1], false],
    ['csr', 12, true],
    ['csr', 0, false],
    ['referralCode', 'x'.repeat(31), false],
  ])('%s %j valid: %s', (field, value, isValid) => {
    const schema = marketingFieldsSchema[field as keyof typeof marketingFieldsSchema];
    expect(schema.safeParse(value).success).toBe(isValid);
  });

  it('bounds the Spanish texts to 255 characters', () => {
    expect(spanishFieldsSchema.conditionSpanish.safeParse('x'.repeat(255)).success).toBe(true);
    expect(spanishFieldsSchema.conditionSpanish.safeParse('x'.repeat(256)).success).toBe(false);
  });
});
