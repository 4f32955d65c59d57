import { describe, expect, it } from 'vitest';
import { WEEKS_LIMIT } from '../customers/customer.schema';
import type { MowDay, Weekday } from '../customers/customer.constants';
import { addDays, daysBetween, isoDayOfWeek } from './calendar-date';
import {
  dateOfWeekday,
  defaultCalendarYear,
  isSeasonStartWeek,
  isValidWeek,
  mowYearEnd,
  mowYearOf,
  mowYearStart,
  mowYearWeeks,
  SEASON_START_WEEKS,
  SEASON_WEEK_COLORS,
  SEASON_WEEK_TYPES,
  seasonStart,
  weekOf,
  weekRange,
  weeksInMowYear,
} from './mow-year';

const YEARS = Array.from({ length: 21 }, (_, index) => 2020 + index);

/** Independent oracle with plain UTC Dates: walk back from February's last day to a Monday. */
function lastMondayOfFebruary(year: number): string {
  const date = new Date(Date.UTC(year, 2, 0));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

function firstMondayOfMarch(year: number): string {
  const date = new Date(Date.UTC(year, 2, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('mowYearStart', () => {
  it.each([
    // hand-computed from a wall calendar: February's last day and its weekday
    [2020, '2020-02-24'], // Feb 29 2020 is a Saturday
    [2021, '2021-02-22'], // Feb 28 2021 is a Sunday: the earliest possible start
    [2024, '2024-02-26'], // Feb 29 2024 is a Thursday
    [2025, '2025-02-24'], // Feb 28 2025 is a Friday
    [2026, '2026-02-23'], // Feb 28 2026 is a Saturday
    [2027, '2027-02-22'], // Feb 28 2027 is a Sunday
    [2028, '2028-02-28'], // Feb 29 2028 is a Tuesday
    [2032, '2032-02-23'], // Feb 29 2032 is a Sunday
    [2033, '2033-02-28'], // Feb 28 2033 is a Monday: the start is the last day itself
    [2040, '2040-02-27'], // Feb 29 2040 is a Wednesday
  ])('%i starts on %s', (year, start) => {
    expect(mowYearStart(year)).toBe(start);
  });

  it.each(YEARS)('%i starts on the last Monday of February (Feb 22-29)', (year) => {
    const start = mowYearStart(year);
    expect(start).toBe(lastMondayOfFebruary(year));
    expect(isoDayOfWeek(start)).toBe(1);
    expect(start.slice(5, 7)).toBe('02');
    expect(Number(start.slice(8))).toBeGreaterThanOrEqual(22);
  });

  it('rejects a year that is not a whole number', () => {
    expect(() => mowYearStart(2026.5)).toThrow(RangeError);
  });
});

describe('weeks of a mow year', () => {
  it.each(YEARS)('%i has 52 or 53 Monday..Sunday weeks that tile up to the next year', (year) => {
    const weeks = mowYearWeeks(year);
    expect(weeks).toHaveLength(weeksInMowYear(year));
    expect([52, 53]).toContain(weeks.length);
    expect(weeks.length).toBeLessThanOrEqual(WEEKS_LIMIT);
    expect(weeks[0]?.start).toBe(mowYearStart(year));
    weeks.forEach((week, index) => {
      expect(week.week).toBe(index + 1);
      expect(isoDayOfWeek(week.start)).toBe(1);
      expect(week.end).toBe(addDays(week.start, 6));
      if (index > 0) expect(week.start).toBe(addDays(weeks[index - 1]!.end, 1));
    });
    // no gap, no overlap with the next mow year
    expect(addDays(weeks.at(-1)!.end, 1)).toBe(mowYearStart(year + 1));
    expect(weeks.at(-1)!.end).toBe(mowYearEnd(year));
  });

  it('has 53 weeks exactly when the next start is 371 days away', () => {
    const longYears = YEARS.filter((year) => weeksInMowYear(year) === 53);
    expect(longYears).toEqual([2021, 2027, 2032, 2038]);
    for (const year of longYears) expect(daysBetween(mowYearStart(year), mowYearStart(year + 1))).toBe(371);
  });

  it('gives the range of a week', () => {
    expect(weekRange(2026, 1)).toEqual({ week: 1, start: '2026-02-23', end: '2026-03-01' });
    expect(weekRange(2026, 52)).toEqual({ week: 52, start: '2027-02-15', end: '2027-02-21' });
    expect(weekRange(2027, 53)).toEqual({ week: 53, start: '2028-02-21', end: '2028-02-27' });
  });

  it.each([
    [2026, 0],
    [2026, 54],
    [2026, 53], // 2026 has 52 weeks
    [2026, -1],
    [2026, 1.5],
    [2027, 54],
  ])('rejects week %i/%i', (year, week) => {
    expect(isValidWeek(year, week)).toBe(false);
    expect(() => weekRange(year, week)).toThrow(RangeError);
  });

  it('accepts week 53 in a 53-week year', () => {
    expect(isValidWeek(2027, 53)).toBe(true);
  });
});

describe('weekOf and mowYearOf', () => {
  it.each(YEARS)('round-trips every day of mow year %i', (year) => {
    const days = daysBetween(mowYearStart(year), mowYearEnd(year)) + 1;
    expect(days).toBe(weeksInMowYear(year) * 7);
    for (let offset = 0; offset < days; offset += 1) {
      const date = addDays(mowYearStart(year), offset);
      const ref = weekOf(date);
      expect(ref).toEqual({ year, week: Math.floor(offset / 7) + 1 });
      const { start, end } = weekRange(ref.year, ref.week);
      expect(daysBetween(start, date)).toBeGreaterThanOrEqual(0);
      expect(daysBetween(date, end)).toBeGreaterThanOrEqual(0);
    }
  });

  it.each([
    ['2026-01-01', 2025, 45],
    ['2026-02-22', 2025, 52], // Sunday before the 2026 start
    ['2026-02-23', 2026, 1],
    ['2026-03-01', 2026, 1],
    ['2026-03-02', 2026, 2],
    ['2026-12-31', 2026, 45],
    ['2028-02-27', 2027, 53],
    ['2028-02-29', 2028, 1],
  ])('%s is mow year %i week %i', (date, year, week) => {
    expect(weekOf(date)).toEqual({ year, week });
    expect(mowYearOf(date)).toBe(year);
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(() => weekOf('2026-02-30')).toThrow(RangeError);
    expect(() => weekOf('03/02/2026')).toThrow(RangeError);
  });
});

describe('seasonStart', () => {
  it.each([
    [2024, '2024-02-26', 1], // first Monday Mar 4: after the 3rd, one week back
    [2025, '2025-03-03', 2], // first Monday Mar 3: not after the 3rd
    [2026, '2026-03-02', 2],
    [2027, '2027-03-01', 2],
    [2028, '2028-02-28', 1], // first Monday Mar 6
    [2029, '2029-02-26', 1], // first Monday Mar 5
    [2030, '2030-02-25', 1], // first Monday Mar 4
  ])('%i: %s, week %i', (year, date, week) => {
    expect(seasonStart(year)).toEqual({ date, week });
  });

  it.each(YEARS)('%i: first Monday of March, a week earlier when after the 3rd, in week 1 or 2', (year) => {
    const firstMonday = firstMondayOfMarch(year);
    const expected = Number(firstMonday.slice(8)) > 3 ? addDays(firstMonday, -7) : firstMonday;
    const { date, week } = seasonStart(year);
    expect(date).toBe(expected);
    expect(isoDayOfWeek(date)).toBe(1);
    expect(weekOf(date)).toEqual({ year, week });
    // the stepped-back Monday is the mow year's first Monday; otherwise the season starts a week after it
    expect(week).toBe(date === mowYearStart(year) ? 1 : 2);
    expect(daysBetween(`${year}-02-25`, date)).toBeGreaterThanOrEqual(0);
    expect(daysBetween(date, `${year}-03-03`)).toBeGreaterThanOrEqual(0);
    expect(isSeasonStartWeek(week)).toBe(true);
  });
});

describe('defaultCalendarYear', () => {
  it.each([
    ['2026-01-05', 2025],
    ['2026-02-20', 2025],
    ['2026-02-22', 2025],
    ['2026-02-23', 2026], // the new mow year has started although it is still February
    ['2026-03-01', 2026],
    ['2026-07-15', 2026],
    ['2026-12-31', 2026],
    ['2028-02-27', 2027],
    ['2028-02-29', 2028],
  ])('on %s opens %i', (today, year) => {
    expect(defaultCalendarYear(today)).toBe(year);
  });
});

describe('dateOfWeekday', () => {
  it.each<[number, number, Weekday, string]>([
    [2026, 1, 1, '2026-02-23'],
    [2026, 1, 5, '2026-02-27'],
    [2026, 20, 3, '2026-07-08'],
    [2026, 52, 5, '2027-02-19'],
    [2027, 53, 1, '2028-02-21'],
  ])('mow year %i week %i weekday %i is %s', (year, week, weekday, date) => {
    expect(dateOfWeekday(year, week, weekday)).toBe(date);
    expect(isoDayOfWeek(date)).toBe(weekday);
  });

  it("gives Saturday its own date, and Any day the week's Monday", () => {
    expect(dateOfWeekday(2026, 1, 6)).toBe('2026-02-28');
    expect(dateOfWeekday(2026, 1, 7)).toBe('2026-02-23');
  });

  it('rejects mow days outside 1-7 and weeks outside the year', () => {
    expect(() => dateOfWeekday(2026, 1, 8 as MowDay)).toThrow(RangeError);
    expect(() => dateOfWeekday(2026, 1, 0 as MowDay)).toThrow(RangeError);
    expect(() => dateOfWeekday(2026, 53, 1)).toThrow(RangeError);
  });
});

describe('season week constants', () => {
  it('offers season start on weeks 1-4 only', () => {
    expect(SEASON_START_WEEKS).toEqual([1, 2, 3, 4]);
    expect([0, 1, 4, 5].map(isSeasonStartWeek)).toEqual([false, true, true, false]);
  });

  it('has a colour for every week type', () => {
    expect(SEASON_WEEK_TYPES).toEqual(['start', 'regular', 'winter', 'holiday']);
    expect(SEASON_WEEK_COLORS).toEqual({
      start: '#78bb42',
      regular: '#e8e8e8',
      winter: '#cafffe',
      holiday: '#fb0f1c',
    });
  });
});
