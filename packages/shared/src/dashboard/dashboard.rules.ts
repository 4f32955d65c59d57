import { addDays, isWeekend, type IsoDate } from '../schedule/calendar-date';

/** A day whose scheduled mows reach this share of its max mows is shown in red: the office should stop booking it. */
export const CAPACITY_WARNING_PERCENT = 85;

/** Weekdays whose capacity the dashboard shows, from today on: a working week ahead. */
export const CAPACITY_WEEKDAYS_SHOWN = 5;

/** Days of the new-signups chart: today and the six before it. */
export const SIGNUP_CHART_DAYS = 7;

/** How often the dashboard looks at the clock; it reloads when the hour turns (minute 0). */
export const DASHBOARD_REFRESH_CHECK_MS = 60_000;

export const DASHBOARD_MESSAGES = {
  noData: 'No data to display',
  noCoordinates: 'Coordinates not available',
} as const;

/**
 * The share of a day's max mows already scheduled, in whole percent rounded down and at most 100; null when the day
 * has no limit (nothing to fill). A day given 0 mows is full.
 */
export function capacityProgress(scheduled: number, capacity: number | null): number | null {
  if (capacity === null) return null;
  if (capacity <= 0) return 100;
  return Math.min(100, Math.floor((scheduled * 100) / capacity));
}

/** Whether a day is scheduled at or above the warning share of its max mows, compared exactly (not the rounded bar). */
export function isCapacityWarning(scheduled: number, capacity: number | null): boolean {
  return capacity !== null && scheduled * 100 >= CAPACITY_WARNING_PERCENT * capacity;
}

/** The days from `today` through the last of the next `CAPACITY_WEEKDAYS_SHOWN` weekdays (today counts when a weekday). */
export function capacityRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  let to = today;
  let weekdays = isWeekend(today) ? 0 : 1;
  while (weekdays < CAPACITY_WEEKDAYS_SHOWN) {
    to = addDays(to, 1);
    if (!isWeekend(to)) weekdays += 1;
  }
  return { from: today, to };
}

/**
 * Whether the dashboard reloads now: at minute 0 of each hour. The business's zones are whole hours from UTC, so the
 * minute is the same in all of them and in the browser's.
 */
export function isDashboardRefreshDue(now: Date): boolean {
  return now.getUTCMinutes() === 0;
}
