import { describe, expect, it } from 'vitest';
import { dayCapacityStatus, remainingSlots, type DayLimit } from './availability.rules';

const unset: DayLimit = { slots: null, isLockedAllDay: false };
const forty: DayLimit = { slots: 40, isLockedAllDay: false };

describe('dayCapacityStatus', () => {
  it.each([
    ['a weekday with no limit set', '2026-12-01', unset, 500, 'open'],
    ['a weekday with mows left', '2026-12-01', forty, 39, 'open'],
    ['a weekday whose mows reached its max', '2026-12-01', forty, 40, 'full'],
    ['a weekday booked beyond its max by hand', '2026-12-01', forty, 41, 'full'],
    ['a weekday given 0 mows', '2026-12-01', { slots: 0, isLockedAllDay: false }, 0, 'full'],
    ['a weekday locked all day', '2026-12-01', { slots: 40, isLockedAllDay: true }, 0, 'locked'],
    ['a Saturday', '2026-12-05', unset, 0, 'weekend'],
    ['a Sunday, even when locked', '2026-12-06', { slots: 1, isLockedAllDay: true }, 5, 'weekend'],
    ['Christmas Day', '2026-12-25', forty, 0, 'holiday'],
  ] as const)('answers %s', (_, date, limit, scheduled, expected) => {
    expect(dayCapacityStatus(date, limit, scheduled)).toBe(expected);
  });
});

describe('remainingSlots', () => {
  it.each([
    [unset, 10, null],
    [forty, 10, 30],
    [forty, 45, 0],
  ] as const)('answers %o with %i scheduled as %o', (limit, scheduled, expected) => {
    expect(remainingSlots(limit, scheduled)).toBe(expected);
  });
});
