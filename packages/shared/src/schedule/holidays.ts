import Holidays from 'date-holidays';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  isoDayOfWeek,
  isWeekend,
  toDayNumber,
  yearOf,
  type IsoDate,
} from './calendar-date';
import { mowYearEnd, mowYearStart, weekRange } from './mow-year';

export type Holiday = { date: IsoDate; name: string };

/**
 * Observed holidays: the library's 'public' US holidays, i.e. the eleven federal holidays (Juneteenth from 2021) with
 * their Friday/Monday substitute days (completed for Veterans Day, below). Card and bank billing follow banking days, and banks close on these; the
 * library's observances (Valentine's, Easter, Day after Thanksgiving...) and optional days (Christmas Eve) are not
 * days off. See ADR 0005.
 */
let calendar: Holidays | undefined;
/** Built on first use, so a bundle that never asks for a holiday (the web app) can drop the ~800 kB library. */
function usCalendar(): Holidays {
  calendar ??= new Holidays('US', { timezone: BUSINESS_TIME_ZONE, types: ['public'] });
  return calendar;
}

const SUBSTITUTE_SUFFIX = ' (substitute day)';

/**
 * The library gives most weekend holidays their federal substitute but not Veterans Day (Nov 11 on a Saturday or
 * Sunday). Federal rule (5 U.S.C. 6103(b)): a Saturday holiday is observed the Friday before, a Sunday one the Monday
 * after. Adds the substitute only where the library has none, so its own substitutes stay authoritative.
 */
function withFederalSubstitutes(holidays: Holiday[]): Holiday[] {
  const has = new Set(holidays.map((holiday) => `${holiday.date} ${holiday.name}`));
  const added = holidays.flatMap((holiday) => {
    const weekday = isoDayOfWeek(holiday.date);
    if (weekday < 6 || holiday.name.endsWith(SUBSTITUTE_SUFFIX)) return [];
    const substitute = {
      date: addDays(holiday.date, weekday === 6 ? -1 : 1),
      name: `${holiday.name}${SUBSTITUTE_SUFFIX}`,
    };
    return has.has(`${substitute.date} ${substitute.name}`) ? [] : [substitute];
  });
  return [...holidays, ...added];
}

const byCalendarYear = new Map<number, readonly Holiday[]>();

/** Observed holidays whose date falls in calendar year `year`, sorted by date (memoised: the rules never change). */
export function holidaysOfCalendarYear(year: number): readonly Holiday[] {
  const cached = byCalendarYear.get(year);
  if (cached) return cached;
  // A substitute day can fall in a neighbouring year (New Year's Day on a Saturday is observed on Dec 31).
  const holidays = withFederalSubstitutes(
    [year - 1, year, year + 1]
      .flatMap((y) => usCalendar().getHolidays(y))
      .filter((holiday) => holiday.type === 'public')
      // `date` is the local date in Chicago ('YYYY-MM-DD hh:mm:ss'), so no Date object is involved.
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name })),
  ).filter((holiday) => yearOf(holiday.date) === year);
  const unique = [...new Map(holidays.map((holiday) => [`${holiday.date} ${holiday.name}`, holiday])).values()];
  unique.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  byCalendarYear.set(year, unique);
  return unique;
}

/** Observed holidays from `from` to `to`, both included. */
export function holidaysBetween(from: IsoDate, to: IsoDate): Holiday[] {
  const [first, last] = [toDayNumber(from), toDayNumber(to)];
  const years = Array.from({ length: yearOf(to) - yearOf(from) + 1 }, (_, index) => yearOf(from) + index);
  return years
    .flatMap((year) => holidaysOfCalendarYear(year))
    .filter((holiday) => toDayNumber(holiday.date) >= first && toDayNumber(holiday.date) <= last);
}

/** Holidays in a mow week, Monday to Sunday (a Saturday holiday is listed with its Friday substitute). */
export function holidaysInWeek(year: number, week: number): Holiday[] {
  const { start, end } = weekRange(year, week);
  return holidaysBetween(start, end);
}

export function holidaysOfMowYear(year: number): Holiday[] {
  return holidaysBetween(mowYearStart(year), mowYearEnd(year));
}

export function isHoliday(date: IsoDate): boolean {
  return holidaysOfCalendarYear(yearOf(date)).some((holiday) => holiday.date === date);
}

/** Monday to Friday and not an observed holiday: the days crews mow and payments are billed. */
export function isBusinessDay(date: IsoDate): boolean {
  return !isWeekend(date) && !isHoliday(date);
}

/**
 * Moves `count` business days forward (negative: backward); 0 returns `date` unchanged even if it is not a business
 * day.
 */
export function addBusinessDays(date: IsoDate, count: number): IsoDate {
  if (!Number.isInteger(count)) throw new RangeError(`Not a whole number of business days: ${count}`);
  toDayNumber(date);
  const step = Math.sign(count);
  let current = date;
  for (let left = Math.abs(count); left > 0;) {
    current = addDays(current, step);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

/** The first business day strictly after `date` (sign-up start default, card and bank billing day). */
export function nextBusinessDay(date: IsoDate): IsoDate {
  return addBusinessDays(date, 1);
}
