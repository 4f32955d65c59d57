import { describe, expect, it } from 'vitest';
import { DECLINED_CHARGE_MESSAGES, markInvoicePaidSchema, nextRetryOn } from './declined-charge.schema';

describe('the next scheduled retry of a declined charge', () => {
  it.each([
    // The first charge was declined on May 3: retries 3, then 5, then 7 days after the attempt before.
    ['2027-05-03', 1, [3, 5, 7], '2027-05-06'],
    ['2027-05-06', 2, [3, 5, 7], '2027-05-11'],
    ['2027-05-11', 3, [3, 5, 7], '2027-05-18'],
    ['2027-05-18', 4, [3, 5, 7], null],
    // An invoice declined before attempts were recorded counts as its first.
    ['2027-05-03', 0, [3, 5, 7], '2027-05-06'],
    ['2027-12-30', 1, [2], '2028-01-01'],
  ] as const)('after an attempt on %s, %i made, schedule %j: %s', (last, made, days, expected) => {
    expect(nextRetryOn(last, made, days)).toBe(expected);
  });
});

describe('marking an invoice paid another way', () => {
  it.each([
    [{ method: 'check', note: 'Check 1042', version: 1 }, null],
    [{ method: 'card', note: 'x', version: 1 }, DECLINED_CHARGE_MESSAGES.methodRequired],
    [{ method: 'cash', note: '   ', version: 1 }, DECLINED_CHARGE_MESSAGES.noteRequired],
    [{ method: 'cash', note: 'a\u0000b', version: 1 }, 'Text cannot contain a NUL character'],
    [{ method: 'cash', note: 'x'.repeat(501), version: 1 }, 'Max. 500 characters'],
    [{ method: 'cash', note: 'x', version: 0 }, 'Send the version you edited'],
  ])('%j answers %s', (body, message) => {
    const result = markInvoicePaidSchema.safeParse(body);
    expect(result.error?.issues[0]?.message ?? null).toBe(message);
  });
});
