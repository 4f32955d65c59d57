import { addDays, isWeekend, toDayNumber, type IsoDate } from './calendar-date';
import { isValidWeek, weekRange } from './mow-year';

/** Dates a write-in or redo may take for a week: the week's Monday to its Sunday plus 7 days. */
export type WriteInWindow = { from: IsoDate; to: IsoDate };

export const WRITE_IN_EXTRA_DAYS = 7;

export function writeInWindow(year: number, week: number): WriteInWindow {
  const { start, end } = weekRange(year, week);
  return { from: start, to: addDays(end, WRITE_IN_EXTRA_DAYS) };
}

/**
 * A weekday inside the window. Holidays are not excluded: the spec only rules out weekends, and an extra visit on a
 * holiday is the office's call. An unknown week answers false rather than throwing, as a form validator should.
 */
export function isValidWriteInDate(date: IsoDate, year: number, week: number): boolean {
  if (!isValidWeek(year, week)) return false;
  const { from, to } = writeInWindow(year, week);
  const day = toDayNumber(date);
  return !isWeekend(date) && day >= toDayNumber(from) && day <= toDayNumber(to);
}

/** A write-in date that is also not before `today` (the business's today, see `calendarDateIn`). */
export function isValidRedoDate(date: IsoDate, year: number, week: number, today: IsoDate): boolean {
  return isValidWriteInDate(date, year, week) && toDayNumber(date) >= toDayNumber(today);
}
