import { describe, expect, it } from 'vitest';
import {
  crewAssignFormSchema,
  crewAssignSchema,
  marketMapFilterSchema,
  MARKET_MAP_MESSAGES,
} from './market-map.schema';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('the crew field of Assign', () => {
  it.each([
    ['', MARKET_MAP_MESSAGES.crewRequired],
    ['   ', MARKET_MAP_MESSAGES.crewRequired],
    ['12a', MARKET_MAP_MESSAGES.crewDigits],
    ['-5', MARKET_MAP_MESSAGES.crewDigits],
    ['1.5', MARKET_MAP_MESSAGES.crewDigits],
    ['123456', MARKET_MAP_MESSAGES.crewMax],
    ['0', MARKET_MAP_MESSAGES.crewPositive],
    ['00000', MARKET_MAP_MESSAGES.crewPositive],
  ])('refuses %j with %j only', (crew, message) => {
    expect(messagesOf(crewAssignFormSchema.safeParse({ crew }))).toEqual([message]);
  });

  it.each([
    ['1', 1],
    ['99999', 99_999],
    ['00101', 101],
  ])('accepts %j as crew %i', (crew, number) => {
    expect(crewAssignFormSchema.parse({ crew })).toEqual({ crew: number });
  });
});

describe('the assign request', () => {
  it('needs a crew to assign, and drops it to unassign', () => {
    const assign = crewAssignSchema.safeParse({ action: 'assign', marketId: 1, propertyIds: [1] });
    expect(assign.error?.issues).toEqual([
      expect.objectContaining({ path: ['crew'], message: MARKET_MAP_MESSAGES.crewRequired }),
    ]);
    expect(crewAssignSchema.parse({ action: 'unassign', marketId: 1, propertyIds: [1], crew: 'x' }).crew).toBeNull();
    expect(crewAssignSchema.parse({ action: 'assign', marketId: 1, propertyIds: [1, 2], crew: '7' }).crew).toBe(7);
  });

  it('needs one to 5000 properties', () => {
    const none = crewAssignSchema.safeParse({ action: 'unassign', marketId: 1, propertyIds: [] });
    expect(messagesOf(none)).toEqual([MARKET_MAP_MESSAGES.selectionRequired]);
    const many = Array.from({ length: 5001 }, (_, index) => index + 1);
    expect(messagesOf(crewAssignSchema.safeParse({ action: 'unassign', marketId: 1, propertyIds: many }))).toEqual([
      MARKET_MAP_MESSAGES.selectionTooLarge,
    ]);
  });
});

describe('the map filter', () => {
  const schema = marketMapFilterSchema('2026-05-04');
  it.each([
    ['2026-05-03', MARKET_MAP_MESSAGES.datePast],
    ['2051-01-01', MARKET_MAP_MESSAGES.dateTooLate],
    ['2026-02-30', MARKET_MAP_MESSAGES.dateInvalid],
  ])('refuses the day %s', (date, message) => {
    expect(messagesOf(schema.safeParse({ marketId: 1, date, crew: '' }))).toEqual([message]);
  });

  it('takes today, 2050-12-31 and a crew of digits', () => {
    expect(schema.safeParse({ marketId: 1, date: '2026-05-04', crew: '' }).success).toBe(true);
    expect(schema.safeParse({ marketId: 1, date: '2050-12-31', crew: '101' }).success).toBe(true);
    expect(messagesOf(schema.safeParse({ marketId: 1, date: '2026-05-04', crew: '1a' }))).toEqual([
      MARKET_MAP_MESSAGES.crewDigits,
    ]);
  });
});
