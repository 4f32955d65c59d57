import { z } from 'zod';
import { addDays, BUSINESS_TIME_ZONE, calendarDateIn, isIsoDate, type IsoDate } from '../schedule/calendar-date';

/** The record's history lists 10 entries a page, newest first. */
export const HISTORY_PAGE_SIZE = 10;
/** The latest start date the history filter takes: 12/31/2050. */
export const HISTORY_START_MAX = '2050-12-31';

/** The history filter's texts: 'Date is not valid' is the product's own; the others are ours. */
export const HISTORY_FILTER_MESSAGES = {
  dateInvalid: 'Date is not valid',
  bothDates: 'Enter both dates to filter',
  endAfterToday: 'The end date cannot be after today',
  startMax: 'Choose a start date up to 12/31/2050',
  startAfterEnd: 'The start date cannot be after the end date',
} as const;

/** The history filter as a person picks it: two calendar dates ('YYYY-MM-DD'), '' for none. */
export type HistoryDateRange = { start: string; end: string };

/** What is wrong with each date of the range, one message a field: the first rule it breaks. */
function historyRangeIssues(
  start: string,
  end: string,
  today: IsoDate,
): Partial<Record<keyof HistoryDateRange, string>> {
  const issues: Partial<Record<keyof HistoryDateRange, string>> = {};
  const fail = (field: keyof HistoryDateRange, message: string) => {
    issues[field] ??= message;
  };
  if (start !== '' && !isIsoDate(start)) fail('start', HISTORY_FILTER_MESSAGES.dateInvalid);
  if (end !== '' && !isIsoDate(end)) fail('end', HISTORY_FILTER_MESSAGES.dateInvalid);
  if (issues.start || issues.end) return issues;
  if (start > HISTORY_START_MAX) fail('start', HISTORY_FILTER_MESSAGES.startMax);
  if (end > today) fail('end', HISTORY_FILTER_MESSAGES.endAfterToday);
  if (start === '' && end !== '') fail('start', HISTORY_FILTER_MESSAGES.bothDates);
  if (end === '' && start !== '') fail('end', HISTORY_FILTER_MESSAGES.bothDates);
  if (start !== '' && end !== '' && start > end) fail('start', HISTORY_FILTER_MESSAGES.startAfterEnd);
  return issues;
}

/**
 * The history filter's rules, the same in the browser and on the server: each date a real date, both or neither, the
 * end no later than today (the history holds nothing later), the start no later than 12/31/2050 nor after the end.
 */
export function historyFilterSchema(today: IsoDate) {
  return z.object({ start: z.string().max(40), end: z.string().max(40) }).superRefine(({ start, end }, context) => {
    for (const [field, message] of Object.entries(historyRangeIssues(start, end, today))) {
      context.addIssue({ code: 'custom', message, path: [field] });
    }
  });
}

/** The `filter[...]` names of the history list that carry the range, as instants in UTC. */
export const HISTORY_FILTERS = { start: 'dateHistoryStart', end: 'dateHistoryEnd' } as const;

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (milliseconds). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant a calendar day starts in a zone (midnight there), found from its offset to UTC. */
export function startOfDayIn(date: IsoDate, timeZone: string = BUSINESS_TIME_ZONE): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  let instant = midnightAsUtc;
  // Twice: the first guess may sit across a daylight-saving change from the answer.
  for (let step = 0; step < 2; step += 1) instant = midnightAsUtc - (wallClockAsUtc(instant, timeZone) - instant);
  return new Date(instant);
}

/**
 * The range as the history list is sent it: the first and the last instant of the chosen days in the business's zone,
 * in UTC, so the list means the same days whichever zone the browser is in.
 */
export function historyRangeToUtc({ start, end }: { start: IsoDate; end: IsoDate }): { start: string; end: string } {
  return {
    start: startOfDayIn(start).toISOString(),
    end: new Date(startOfDayIn(addDays(end, 1)).getTime() - 1).toISOString(),
  };
}

/**
 * A UTC instant of the filter as the day it falls on in the business's zone, '' for none. Anything else, a bare date
 * too, answers a text that is no date, so the rules refuse it as 'Date is not valid'.
 */
export function historyDayOf(instant: string | undefined): string {
  if (instant === undefined || instant === '') return '';
  const parsed = z.iso.datetime({ offset: true }).safeParse(instant);
  return parsed.success ? calendarDateIn(new Date(parsed.data)) : 'not an instant';
}
