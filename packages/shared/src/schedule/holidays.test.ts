import { describe, expect, it } from 'vitest';
import { isWeekend } from './calendar-date';
import {
  addBusinessDays,
  holidaysBetween,
  holidaysInWeek,
  holidaysOfCalendarYear,
  holidaysOfMowYear,
  isBusinessDay,
  isHoliday,
  nextBusinessDay,
} from './holidays';
import { mowYearEnd, mowYearStart, mowYearWeeks, weekOf } from './mow-year';

const YEARS = Array.from({ length: 21 }, (_, index) => 2020 + index);

/** Independent oracle: the n-th given weekday (0 Sunday) of a month, with plain UTC Dates. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const date = new Date(Date.UTC(year, month - 1, 1));
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + (n - 1) * 7);
  return date.toISOString().slice(0, 10);
}

describe('isHoliday', () => {
  it.each([
    ['2026-01-01', true], // New Year's Day
    ['2026-01-19', true], // Martin Luther King Jr. Day
    ['2026-02-16', true], // Washington's Birthday
    ['2026-05-25', true], // Memorial Day
    ['2026-06-19', true], // Juneteenth
    ['2026-07-03', true], // Independence Day falls on a Saturday: observed Friday
    ['2026-07-04', true], // the day itself
    ['2026-09-07', true], // Labor Day
    ['2026-10-12', true], // Columbus Day
    ['2026-11-11', true], // Veterans Day
    ['2026-11-26', true], // Thanksgiving
    ['2026-12-25', true], // Christmas
    ['2027-07-05', true], // Independence Day on a Sunday: observed Monday
    ['2021-12-31', true], // New Year's Day 2022 is a Saturday: observed the Friday before, in 2021
    ['2021-06-18', true], // first Juneteenth, on a Saturday: observed Friday
    ['2023-11-10', true], // Veterans Day on a Saturday: observed Friday (the library lacks this substitute)
    ['2035-11-12', true], // Veterans Day on a Sunday: observed Monday
    ['2020-06-19', false], // Juneteenth became federal in 2021
    ['2026-11-27', false], // day after Thanksgiving is an observance only
    ['2026-12-24', false], // Christmas Eve is optional
    ['2026-04-05', false], // Easter Sunday
    ['2026-02-14', false], // Valentine's Day
    ['2026-04-15', false], // Tax Day
    ['2026-03-02', false],
  ])('%s: %s', (date, expected) => {
    expect(isHoliday(date)).toBe(expected);
  });
});

describe('holidays of a week and of a mow year', () => {
  it('lists the Independence Day substitute and the day itself in the same week', () => {
    expect(weekOf('2026-07-03')).toEqual({ year: 2026, week: 19 });
    expect(holidaysInWeek(2026, 19)).toEqual([
      { date: '2026-07-03', name: 'Independence Day (substitute day)' },
      { date: '2026-07-04', name: 'Independence Day' },
    ]);
  });

  it('lists Thanksgiving and nothing else in its week', () => {
    expect(holidaysInWeek(2026, 40)).toEqual([{ date: '2026-11-26', name: 'Thanksgiving Day' }]);
    expect(holidaysInWeek(2026, 2)).toEqual([]);
  });

  it('runs the mow year from its start, so January holidays belong to the previous year', () => {
    const holidays2026 = holidaysOfMowYear(2026);
    expect(holidays2026[0]).toEqual({ date: '2026-05-25', name: 'Memorial Day' });
    expect(holidays2026.at(-1)).toEqual({ date: '2027-02-15', name: "Washington's Birthday" });
    expect(holidaysOfMowYear(2025).map((holiday) => holiday.date)).toContain('2026-01-19');
  });

  it.each(YEARS)('mow year %i: the federal holidays, once each, and the weeks add up to the year', (year) => {
    const holidays = holidaysOfMowYear(year);
    const dates = holidays.map((holiday) => holiday.date);
    for (const date of dates) {
      expect(date >= mowYearStart(year) && date <= mowYearEnd(year)).toBe(true);
    }
    expect(dates).toContain(nthWeekday(year, 11, 4, 4)); // Thanksgiving: 4th Thursday of November
    expect(dates).toContain(nthWeekday(year, 9, 1, 1)); // Labor Day: 1st Monday of September
    expect(dates).toContain(nthWeekday(year + 1, 1, 1, 3)); // MLK Day: 3rd Monday of January
    expect(dates).toContain(nthWeekday(year + 1, 2, 1, 3)); // Washington's Birthday
    // One observed weekday per federal holiday: 11 since Juneteenth (2021), 10 before.
    expect(dates.filter((date) => !isWeekend(date))).toHaveLength(year >= 2021 ? 11 : 10);
    // Each week's holidays, put together, are exactly the year's.
    expect(mowYearWeeks(year).flatMap((week) => holidaysInWeek(year, week.week))).toEqual(holidays);
  });

  it('gives each calendar year its own holidays, substitutes included', () => {
    expect(holidaysOfCalendarYear(2021).at(-1)).toEqual({
      date: '2021-12-31',
      name: "New Year's Day (substitute day)",
    });
    expect(holidaysOfCalendarYear(2022)[0]).toEqual({ date: '2022-01-01', name: "New Year's Day" });
    expect(holidaysBetween('2021-12-30', '2022-01-02').map((holiday) => holiday.date)).toEqual([
      '2021-12-31',
      '2022-01-01',
    ]);
  });
});

describe('business days', () => {
  it.each([
    ['2026-03-02', true], // Monday
    ['2026-03-06', true], // Friday
    ['2026-03-07', false], // Saturday
    ['2026-03-08', false], // Sunday
    ['2026-07-03', false], // observed holiday on a Friday
    ['2026-11-27', true], // day after Thanksgiving is worked
  ])('%s is a business day: %s', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ['2026-03-02', '2026-03-03'], // strictly after
    ['2026-03-06', '2026-03-09'], // Friday -> Monday
    ['2026-03-07', '2026-03-09'], // Saturday -> Monday
    ['2026-07-02', '2026-07-06'], // over the Friday holiday and the weekend
    ['2026-11-25', '2026-11-27'], // over Thanksgiving
    ['2026-12-24', '2026-12-28'], // over Christmas and the weekend
    ['2021-12-30', '2022-01-03'], // over the New Year substitute, across the year
    ['2027-07-02', '2027-07-06'], // Friday -> over the weekend and the Monday substitute
    ['2026-05-22', '2026-05-26'], // over Memorial Day
  ])('next business day after %s is %s', (date, next) => {
    expect(nextBusinessDay(date)).toBe(next);
  });

  it('adds and subtracts business days', () => {
    expect(addBusinessDays('2026-07-01', 2)).toBe('2026-07-06');
    expect(addBusinessDays('2026-07-06', -1)).toBe('2026-07-02');
    expect(addBusinessDays('2026-03-02', 5)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 0)).toBe('2026-03-07');
    expect(() => addBusinessDays('2026-03-02', 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-13-01', 0)).toThrow(RangeError);
  });
});
