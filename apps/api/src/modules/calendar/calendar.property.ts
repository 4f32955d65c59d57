import { CALENDAR_MESSAGES, CUSTOMER_MESSAGES, defaultCalendarYear, type IsoDate } from '@lawn/shared';
import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import * as repo from './calendar.repo';

/** A live property, or 404 with the customers' message (a deleted record has no calendar either). */
export async function requireCalendarProperty(
  executor: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<repo.CalendarProperty> {
  const property = await repo.findCalendarProperty(executor, id, options);
  if (!property) throw notFound(CUSTOMER_MESSAGES.notFound);
  return property;
}

/**
 * The year a request is about: the one asked for when the calendar offers it, else the year today belongs to,
 * brought inside the offered years (a property that starts next year opens on next year).
 */
export function resolveYear(years: readonly number[], today: IsoDate, year: number | undefined): number {
  if (year !== undefined) {
    if (!years.includes(year)) {
      throw badRequest(CALENDAR_MESSAGES.yearNotOffered, { year: [CALENDAR_MESSAGES.yearNotOffered] });
    }
    return year;
  }
  const first = years[0] ?? defaultCalendarYear(today);
  const last = years.at(-1) ?? first;
  return Math.min(Math.max(defaultCalendarYear(today), first), last);
}
