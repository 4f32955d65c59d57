import { MOW_DAY, type MowDay } from '../customers/customer.constants';
import { WEEKS_LIMIT } from '../customers/customer.schema';
import { addDays, daysBetween, isoDate, isoDayOfWeek, yearOf, type IsoDate } from './calendar-date';

/** One mow week: Monday `start` .. Sunday `end` (= start + 6). */
export type MowWeek = { week: number; start: IsoDate; end: IsoDate };
/** Where a date sits: mow year (named after the calendar year it starts in) and week number. */
export type MowWeekRef = { year: number; week: number };

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < 1000 || year > 9998) throw new RangeError(`Not a mow year: ${year}`);
}

/** The Monday on or before `date`. */
function mondayOnOrBefore(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoDayOfWeek(date));
}

/** Every week look-up starts here; remembering the few years in use makes planning a million properties cheap. */
const yearStarts = new Map<number, IsoDate>();

/**
 * Mow year `year` starts on the last Monday of February of `year` (Feb 22 .. Feb 29): the Monday of the last week that
 * starts in February, which is also the Monday of the week holding February's last day (ADR 0005).
 */
export function mowYearStart(year: number): IsoDate {
  const known = yearStarts.get(year);
  if (known !== undefined) return known;
  assertYear(year);
  const start = mondayOnOrBefore(isoDate(year, 3, 0));
  yearStarts.set(year, start);
  return start;
}

/** The Sunday before the next mow year starts. */
export function mowYearEnd(year: number): IsoDate {
  return addDays(mowYearStart(year + 1), -1);
}

/** 52 or 53: whole weeks from this year's start to the next year's start. */
export function weeksInMowYear(year: number): number {
  return daysBetween(mowYearStart(year), mowYearStart(year + 1)) / 7;
}

/** True for 1..weeksInMowYear(year); never above the business-wide WEEKS_LIMIT. */
export function isValidWeek(year: number, week: number): boolean {
  return Number.isInteger(week) && week >= 1 && week <= Math.min(weeksInMowYear(year), WEEKS_LIMIT);
}

function assertWeek(year: number, week: number): void {
  if (!isValidWeek(year, week)) throw new RangeError(`Week ${week} is not in mow year ${year}`);
}

/** Monday and Sunday of a week; throws for week 0, 54, or 53 in a 52-week year. */
export function weekRange(year: number, week: number): MowWeek {
  assertWeek(year, week);
  const start = addDays(mowYearStart(year), (week - 1) * 7);
  return { week, start, end: addDays(start, 6) };
}

export function mowYearWeeks(year: number): MowWeek[] {
  return Array.from({ length: weeksInMowYear(year) }, (_, index) => weekRange(year, index + 1));
}

/** Dates in January and February before the start belong to the previous mow year. */
export function mowYearOf(date: IsoDate): number {
  const year = yearOf(date);
  return daysBetween(mowYearStart(year), date) < 0 ? year - 1 : year;
}

export function weekOf(date: IsoDate): MowWeekRef {
  const year = mowYearOf(date);
  return { year, week: Math.floor(daysBetween(mowYearStart(year), date) / 7) + 1 };
}

/**
 * The date of a mow day in a week: 1 Monday .. 6 Saturday; Any day (7) is the week's Monday, the first day the crew
 * may come.
 */
export function dateOfWeekday(year: number, week: number, weekday: MowDay): IsoDate {
  if (!Number.isInteger(weekday) || weekday < 1 || weekday > MOW_DAY.anyDay) {
    throw new RangeError(`Not a mow day 1-7: ${weekday}`);
  }
  return addDays(weekRange(year, week).start, weekday === MOW_DAY.anyDay ? 0 : weekday - 1);
}

/**
 * Season start: the first Monday of March, or the Monday before it when that Monday is after March 3, so the season
 * always starts between Feb 25 and Mar 3. Relative to the mow year it is week 1 (first Monday Mar 4-7) or week 2
 * (first Monday Mar 1-3).
 */
export function seasonStart(year: number): { date: IsoDate; week: number } {
  assertYear(year);
  const firstMarch = isoDate(year, 3, 1);
  const firstMonday = addDays(firstMarch, (8 - isoDayOfWeek(firstMarch)) % 7);
  const date = daysBetween(firstMarch, firstMonday) > 2 ? addDays(firstMonday, -7) : firstMonday;
  return { date, week: weekOf(date).week };
}

/**
 * The mow year the calendar opens on: the one `today` belongs to. The spec's "previous year in January and February"
 * is read as "before the new mow year has started", so the last days of February already open the new year (ADR 0005).
 */
export function defaultCalendarYear(today: IsoDate): number {
  return mowYearOf(today);
}

/** Weeks a season-start week may be set on. */
export const SEASON_START_WEEKS = [1, 2, 3, 4] as const;
export type SeasonStartWeek = (typeof SEASON_START_WEEKS)[number];

export function isSeasonStartWeek(week: number): week is SeasonStartWeek {
  return (SEASON_START_WEEKS as readonly number[]).includes(week);
}

/** Global season-week types: start, regular, winter, holiday (the red weeks). */
export const SEASON_WEEK_TYPES = ['start', 'regular', 'winter', 'holiday'] as const;
export type SeasonWeekType = (typeof SEASON_WEEK_TYPES)[number];

/** Colours of the schedule grid and its legend. */
export const SEASON_WEEK_COLORS: Readonly<Record<SeasonWeekType, string>> = {
  start: '#78bb42',
  regular: '#e8e8e8',
  winter: '#cafffe',
  holiday: '#fb0f1c',
};
