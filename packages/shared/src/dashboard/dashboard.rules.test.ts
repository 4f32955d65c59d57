import { describe, expect, it } from 'vitest';
import { capacityProgress, capacityRange, isCapacityWarning, isDashboardRefreshDue } from './dashboard.rules';

describe('capacityProgress', () => {
  it.each([
    [0, 40, 0],
    [17, 20, 85],
    [33, 40, 82],
    [41, 40, 100],
    [0, 0, 100],
    [12, null, null],
  ] as const)('%i scheduled of %o max is %o percent', (scheduled, capacity, expected) => {
    expect(capacityProgress(scheduled, capacity)).toBe(expected);
  });
});

describe('isCapacityWarning', () => {
  it.each([
    ['below 85%', 16, 20, false],
    ['exactly 85%', 17, 20, true],
    ['84.6%, which would round up to 85', 11, 13, false],
    ['over the max', 45, 40, true],
    ['a day given 0 mows', 0, 0, true],
    ['a day without a limit', 500, null, false],
  ] as const)('answers %s', (_, scheduled, capacity, expected) => {
    expect(isCapacityWarning(scheduled, capacity)).toBe(expected);
  });
});

describe('capacityRange', () => {
  it.each([
    ['a Monday: its week', '2026-11-30', '2026-12-04'],
    ['a Friday: it and the next four weekdays', '2026-11-27', '2026-12-03'],
    ['a Saturday: the next five weekdays', '2026-11-28', '2026-12-04'],
  ] as const)('from %s', (_, today, to) => {
    expect(capacityRange(today)).toEqual({ from: today, to });
  });
});

describe('isDashboardRefreshDue', () => {
  it.each([
    ['2026-11-27T15:00:00Z', true],
    ['2026-11-27T15:00:59Z', true],
    ['2026-11-27T15:01:00Z', false],
    ['2026-11-27T14:59:59Z', false],
  ] as const)('at %s answers %o', (instant, expected) => {
    expect(isDashboardRefreshDue(new Date(instant))).toBe(expected);
  });
});
