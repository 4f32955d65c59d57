/**
 * Calendar dates as 'YYYY-MM-DD' strings. A mow week is a run of calendar days, not instants, so every calculation
 * here goes through UTC day numbers and never through the machine's local time zone.
 */
export type IsoDate = string;

/** The business's own zone: what "today" and a holiday mean (docs/architecture.md, 'Dates and time zones'). */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a valid 'YYYY-MM-DD'; throws on anything else (e.g. '2026-02-30'). */
export function toDayNumber(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return ms / DAY_MS;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** Builds a date from numbers; `month` is 1-12 and out-of-range days roll over (day 0 = last day of month - 1). */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year, month - 1, day); // Date.UTC maps years 0-99 to 19xx
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** ISO day of week: 1 Monday .. 7 Sunday, matching the spec's weekdays 1-5 = Monday-Friday. */
export function isoDayOfWeek(date: IsoDate): number {
  // 1970-01-01 was a Thursday (4).
  return ((((toDayNumber(date) + 3) % 7) + 7) % 7) + 1;
}

export function isWeekend(date: IsoDate): boolean {
  return isoDayOfWeek(date) >= 6;
}

export function yearOf(date: IsoDate): number {
  toDayNumber(date);
  return Number(date.slice(0, 4));
}

/** 1 (January) .. 12 (December). */
export function monthOf(date: IsoDate): number {
  toDayNumber(date);
  return Number(date.slice(5, 7));
}

/** A date as the product shows dates to people: MM/dd/yyyy (e.g. '2026-05-04' is '05/04/2026'). */
export function formatUsDate(date: IsoDate): string {
  toDayNumber(date);
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}

/** Building a formatter costs about a millisecond; requests ask for "today" all the time, so keep one per zone. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date an instant falls on in a time zone: "today" for the business is today in Chicago. */
export function calendarDateIn(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): IsoDate {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
