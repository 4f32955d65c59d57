import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateIn,
  daysBetween,
  formatUsDate,
  isIsoDate,
  isoDate,
  isoDayOfWeek,
  toDayNumber,
} from './calendar-date';

describe('calendar dates', () => {
  it('shows a date as MM/dd/yyyy and refuses anything that is not a date', () => {
    expect(formatUsDate('2026-05-04')).toBe('05/04/2026');
    expect(formatUsDate('2027-12-31')).toBe('12/31/2027');
    expect(() => formatUsDate('2026-02-30')).toThrow(RangeError);
  });

  it('validates YYYY-MM-DD strictly', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('2026-03-02T00:00:00Z')).toBe(false);
    expect(() => toDayNumber('2026-13-01')).toThrow(RangeError);
  });

  it('does day arithmetic across month, year and DST boundaries', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // US DST starts on 2026-03-08
    expect(daysBetween('2026-03-01', '2026-11-02')).toBe(246); // across both DST changes
    expect(isoDate(2026, 3, 0)).toBe('2026-02-28');
  });

  it.each([
    ['2026-03-02', 1],
    ['2026-03-06', 5],
    ['2026-03-08', 7],
    ['1970-01-01', 4],
    ['1969-12-29', 1],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoDayOfWeek(date)).toBe(weekday);
  });

  it("reads today's date in Chicago, not on the machine's clock", () => {
    const instant = new Date('2026-03-02T03:00:00Z'); // 9 pm on Mar 1 in Chicago, noon on Mar 2 in Tokyo
    expect(calendarDateIn(instant)).toBe('2026-03-01');
    expect(calendarDateIn(instant, 'Asia/Tokyo')).toBe('2026-03-02');
  });
});
