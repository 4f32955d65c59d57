import { describe, expect, it } from 'vitest';
import {
  HISTORY_FILTER_MESSAGES as M,
  historyDayOf,
  historyFilterSchema,
  historyRangeToUtc,
  startOfDayIn,
} from './history-filter';

const TODAY = '2026-11-27';

function issuesOf(start: string, end: string): Record<string, string> {
  const parsed = historyFilterSchema(TODAY).safeParse({ start, end });
  return Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('history filter rules', () => {
  it.each([
    ['', '', {}],
    ['2026-11-01', '2026-11-27', {}],
    ['2026-11-27', '2026-11-27', {}],
    ['2026-02-30', '2026-11-27', { start: M.dateInvalid }],
    ['2026-11-01', 'soon', { end: M.dateInvalid }],
    ['2026-11-01', '', { end: M.bothDates }],
    ['', '2026-11-01', { start: M.bothDates }],
    ['2026-11-01', '2026-11-28', { end: M.endAfterToday }],
    ['2051-01-01', '2026-11-27', { start: M.startMax }],
    ['2026-11-20', '2026-11-10', { start: M.startAfterEnd }],
  ])('start %s, end %s: %o', (start, end, expected) => {
    expect(issuesOf(start, end)).toEqual(expected);
  });
});

describe('the range in UTC', () => {
  it('starts a Chicago day at its midnight, in winter and in summer time', () => {
    expect(startOfDayIn('2026-01-15').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(startOfDayIn('2026-07-15').toISOString()).toBe('2026-07-15T05:00:00.000Z');
    // The day daylight saving starts and the day it ends.
    expect(startOfDayIn('2026-03-08').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayIn('2026-11-01').toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('sends the first and last instants of the chosen days, and reads them back as those days', () => {
    const range = historyRangeToUtc({ start: '2026-11-01', end: '2026-11-27' });
    expect(range).toEqual({ start: '2026-11-01T05:00:00.000Z', end: '2026-11-28T05:59:59.999Z' });
    expect(historyDayOf(range.start)).toBe('2026-11-01');
    expect(historyDayOf(range.end)).toBe('2026-11-27');
    expect(
      historyFilterSchema('2026-11-27').safeParse({ start: historyDayOf('2026-11-01'), end: '' }).error?.issues[0]
        ?.message,
    ).toBe(M.dateInvalid);
    expect(historyDayOf(undefined)).toBe('');
  });
});
