import { MOW_YEAR_RANGE, calendarDateIn, defaultCalendarYear } from '@lawn/shared';
import { selectMowYear, setMowYear, useAppState } from '../../lib/app-store';

export function clampMowYear(year: number): number {
  return Math.min(MOW_YEAR_RANGE.max, Math.max(MOW_YEAR_RANGE.min, year));
}

/** The mow year today (in the business time zone) belongs to, within the years offered. */
export function currentMowYear(now: Date = new Date()): number {
  return clampMowYear(defaultCalendarYear(calendarDateIn(now)));
}

/**
 * The saved mow-year setting: the year last chosen, or the current mow year until one is. It is
 * read again on every render, so a setting saved in another tab is followed.
 */
export function useMowYear(): [number, (year: number) => void] {
  const saved = useAppState(selectMowYear);
  const year = saved === null ? currentMowYear() : clampMowYear(saved);
  return [year, (next) => setMowYear(clampMowYear(next))];
}
