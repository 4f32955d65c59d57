import { describe, expect, it } from 'vitest';
import { partOfDay } from './part-of-day';

describe('partOfDay', () => {
  it.each([
    ['2026-11-27T17:59:00Z', 'America/Chicago', 'morning'],
    ['2026-11-27T18:00:00Z', 'America/Chicago', 'afternoon'],
    ['2026-11-28T00:00:00Z', 'America/Chicago', 'evening'],
    ['2026-11-28T06:30:00Z', 'America/Chicago', 'morning'],
    ['2026-11-27T18:00:00Z', 'America/Los_Angeles', 'morning'],
  ] as const)('at %s in %s is %s, whatever the browser’s zone', (instant, timeZone, expected) => {
    expect(partOfDay(new Date(instant), timeZone)).toBe(expected);
  });
});
