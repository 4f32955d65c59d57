import { isWeekend, type IsoDate } from '../schedule/calendar-date';
import { isHoliday } from '../schedule/holidays';

/**
 * Why a market-day can or cannot take one more mow: `open`, or the reason it is greyed out in the start-date pickers.
 * A weekend or a holiday is never mowed; `locked` is a day the office closed all day; `full` is a day whose scheduled
 * mows reached its max mows.
 */
export const DAY_CAPACITY_STATUSES = ['open', 'full', 'locked', 'holiday', 'weekend'] as const;
export type DayCapacityStatus = (typeof DAY_CAPACITY_STATUSES)[number];

/** What each closed day is called where a picker says why it cannot be chosen. */
export const DAY_CAPACITY_LABELS: Readonly<Record<Exclude<DayCapacityStatus, 'open'>, string>> = {
  full: 'full',
  locked: 'locked by the office',
  holiday: 'a holiday',
  weekend: 'a weekend',
};

/** A market-day's set availability: its max mows (null: none set, no limit) and whether it is locked all day. */
export type DayLimit = { slots: number | null; isLockedAllDay: boolean };

/**
 * The status of a market-day from its limit and the mows scheduled on it. An hour-range lock keeps the day open: a
 * start date names a day, not an hour, and the crew still works the rest of it.
 */
export function dayCapacityStatus(date: IsoDate, limit: DayLimit, scheduled: number): DayCapacityStatus {
  if (isWeekend(date)) return 'weekend';
  if (isHoliday(date)) return 'holiday';
  if (limit.isLockedAllDay) return 'locked';
  if (limit.slots !== null && scheduled >= limit.slots) return 'full';
  return 'open';
}

/** Mows a day can still take: null when it has no limit, never below 0 (a day may be over-booked by hand). */
export function remainingSlots(limit: DayLimit, scheduled: number): number | null {
  return limit.slots === null ? null : Math.max(0, limit.slots - scheduled);
}
