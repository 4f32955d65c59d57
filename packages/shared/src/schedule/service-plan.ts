import { CUSTOMER_STATUS, MOW_DAY, ORDER_STATUS, type Frequency, type MowDay } from '../customers/customer.constants';
import { addDays, monthOf, type IsoDate } from './calendar-date';
import { isBusinessDay, isHoliday } from './holidays';
import { isValidWeek, mowYearStart, weekOf, weekRange, type MowWeek, type MowWeekRef } from './mow-year';
import { isInSeason, type SeasonWeekTypes } from './season-weeks';

/**
 * Property statuses that get planned weeks (ADR 0006): Active Customer, No mailer (only means no paper mail) and
 * Stewart. Card declined, NO RESIGN, Past Customer and Too Tall are not mowed. Only approved orders are planned.
 */
export const IN_SERVICE_STATUSES = [CUSTOMER_STATUS.active, CUSTOMER_STATUS.noMailer, CUSTOMER_STATUS.stewart] as const;

/** Months (of the week's Monday) in which the Drought Schedule mows every second week; weekly otherwise. */
export const DROUGHT_MONTHS = [6, 7, 8, 9] as const;

/** What the plan of one property for one mow year depends on. */
export type ServicePlanInput = {
  year: number;
  weekDay: MowDay;
  frequency: Frequency;
  status: number;
  statusOrders: number;
  isDeleted: boolean;
  /** First service date; weeks before its week get no service. */
  serviceDate: IsoDate | null;
  /** First week of service in the year (the "send schedule" week), if set. */
  sendSchedule: number | null;
  /** Service stops from this week on (the "future cancel" week), if set. */
  futureCancel: number | null;
  /** The property's winter option for this year: winter weeks get service too. */
  hasWinter: boolean;
  seasonWeeks: SeasonWeekTypes;
};

export function isInService(input: Pick<ServicePlanInput, 'status' | 'statusOrders' | 'isDeleted'>): boolean {
  return (
    !input.isDeleted &&
    input.statusOrders === ORDER_STATUS.approved &&
    (IN_SERVICE_STATUSES as readonly number[]).includes(input.status)
  );
}

/** Weeks that may get service at all: season weeks, plus winter weeks with the winter option; never holiday weeks. */
function isEligibleWeek(input: ServicePlanInput, week: number): boolean {
  const type = input.seasonWeeks[week - 1];
  if (type === 'holiday' || type === undefined) return false;
  if (isInSeason(input.seasonWeeks, week)) return true;
  return type === 'winter' && input.hasWinter;
}

/** The first week the property may be served in this year, or null when its start lies after the year. */
function firstWeek(input: ServicePlanInput): number | null {
  let first = 1;
  if (input.serviceDate !== null) {
    const start = memoised(weekOfDate, input.serviceDate, () => weekOf(input.serviceDate ?? ''));
    if (start.year > input.year) return null;
    if (start.year === input.year) first = start.week;
  }
  if (input.sendSchedule !== null) first = Math.max(first, input.sendSchedule);
  return first;
}

/**
 * Whether the cadence lands on a week. Counting is in calendar weeks from the first served week (the anchor), so a
 * bi-weekly property keeps its rhythm across holiday weeks (a holiday on its week is missed, not shifted).
 */
function cadenceHits(frequency: Frequency, weeksSinceAnchor: number, monday: IsoDate): boolean {
  switch (frequency) {
    case 1:
      return true;
    case 2:
      return weeksSinceAnchor % 2 === 0;
    case 3:
      return weeksSinceAnchor % 3 === 0;
    case 4:
      return (DROUGHT_MONTHS as readonly number[]).includes(monthOf(monday)) ? weeksSinceAnchor % 2 === 0 : true;
  }
}

/**
 * Memo tables for the processing of a whole book (1,000,000 properties a year): the date arithmetic below is exact but
 * costs microseconds a call, and a book has only a few thousand distinct plans. Every entry is a pure function of its
 * key (the holiday rules never change at run time); the tables stay small (a cap clears one that grows past it).
 */
const MEMO_LIMIT = 100_000;
function memoised<Key, Value>(table: Map<Key, Value>, key: Key, compute: () => Value): Value {
  const hit = table.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  if (table.size >= MEMO_LIMIT) table.clear();
  table.set(key, value);
  return value;
}
const weekOfDate = new Map<IsoDate, MowWeekRef>();
const weekOfCut = new Map<IsoDate, MowWeek>();
const workdayOfWeek = new Map<number, IsoDate>();
/** Per season (by identity: a season array is read-only), the planned weeks of each plan shape. */
const weeksOfSeason = new WeakMap<SeasonWeekTypes, Map<string, readonly number[]>>();

/** Week numbers with a planned service. Empty for properties out of service. */
export function planServiceWeeks(input: ServicePlanInput): number[] {
  if (!isInService(input)) return [];
  const first = firstWeek(input);
  if (first === null) return [];
  const last = Math.min(input.seasonWeeks.length, input.futureCancel === null ? Infinity : input.futureCancel - 1);
  let shapes = weeksOfSeason.get(input.seasonWeeks);
  if (!shapes) {
    shapes = new Map();
    weeksOfSeason.set(input.seasonWeeks, shapes);
  }
  const key = `${input.year}|${input.frequency}|${first}|${last}|${input.hasWinter}`;
  return [...memoised(shapes, key, () => serviceWeeksBetween(input, first, last))];
}

function serviceWeeksBetween(input: ServicePlanInput, first: number, last: number): number[] {
  const weeks: number[] = [];
  let anchor: number | null = null;
  for (let week = first; week <= last; week += 1) {
    if (!isEligibleWeek(input, week)) continue;
    anchor ??= week;
    if (cadenceHits(input.frequency, week - anchor, weekRange(input.year, week).start)) weeks.push(week);
  }
  return weeks;
}

/**
 * The day a week's service happens: the property's mow day, or when that is a holiday the next business day of the
 * same week, else the previous one (a week of holidays keeps the mow day). A Saturday property is mowed on the
 * Saturday itself unless it is a holiday. Any day leaves the day to the office: the week's first business day, so the
 * crew has the rest of the week should it be needed.
 */
export function serviceWorkday(year: number, week: number, weekDay: MowDay): IsoDate {
  return memoised(workdayOfWeek, (year * 100 + week) * 10 + weekDay, () => computeServiceWorkday(year, week, weekDay));
}

function computeServiceWorkday(year: number, week: number, mowDay: MowDay): IsoDate {
  const weekDay = mowDay === MOW_DAY.anyDay ? 1 : mowDay;
  const monday = weekRange(year, week).start;
  const planned = addDays(monday, weekDay - 1);
  if (weekDay === MOW_DAY.saturday ? !isHoliday(planned) : isBusinessDay(planned)) return planned;
  for (let day = weekDay + 1; day <= 5; day += 1) {
    const candidate = addDays(monday, day - 1);
    if (isBusinessDay(candidate)) return candidate;
  }
  for (let day = Math.min(weekDay, 6) - 1; day >= 1; day -= 1) {
    const candidate = addDays(monday, day - 1);
    if (isBusinessDay(candidate)) return candidate;
  }
  return planned;
}

/** Service dates of the year, in order. */
export function planWorkdays(input: ServicePlanInput): IsoDate[] {
  return planServiceWeeks(input).map((week) => serviceWorkday(input.year, week, input.weekDay));
}

/** The first day a re-plan may change: today, or the year's first day for a year that has not started yet. */
export function replanStart(year: number, today: IsoDate): IsoDate {
  const start = mowYearStart(year);
  return today < start ? start : today;
}

/**
 * A re-plan changes only what has not happened: workdays before `from` are kept from the previous plan, the rest
 * come from the new one, except in a week whose service already happened (a mow day moved from Monday to Friday on
 * a Wednesday must not mow that week twice). A re-plan of a future year (`from` before its start) replaces everything.
 */
export function mergeFromDate(previous: readonly IsoDate[], next: readonly IsoDate[], from: IsoDate): IsoDate[] {
  const cutWeek = memoised(weekOfCut, from, () => {
    const { year, week } = weekOf(from);
    return weekRange(year, week);
  });
  // 'YYYY-MM-DD' strings sort like the dates they name: no date is parsed in this per-property hot path.
  const kept = previous.filter((date) => date < from);
  // Only the week holding `from` can have a service both before and after it.
  const isCutWeekServed = kept.some((date) => date >= cutWeek.start);
  return [...kept, ...next.filter((date) => date >= from && !(isCutWeekServed && date <= cutWeek.end))];
}

const compareIsoDates = (a: IsoDate, b: IsoDate) => (a < b ? -1 : a > b ? 1 : 0);

/** A week a person changed by hand (see `property_week_overrides`). */
export type WeekOverride = { week: number; kind: 'added' | 'removed'; workday: IsoDate | null };

/**
 * The dates a property is mowed: planned dates outside the hand-changed weeks, plus the added weeks' own dates, in
 * order (an added week that the plan later covers keeps its hand-chosen day, so a week never has two services).
 */
export function effectiveWorkdays(
  year: number,
  planned: readonly IsoDate[],
  overrides: readonly WeekOverride[],
): IsoDate[] {
  // The hand-changed weeks as date ranges (a week outside the year covers no date), so no date needs parsing.
  const overridden = overrides.flatMap((override) =>
    isValidWeek(year, override.week) ? [weekRange(year, override.week)] : [],
  );
  const added = overrides.flatMap((override) =>
    override.kind === 'added' && override.workday !== null ? [override.workday] : [],
  );
  const kept = planned.filter((date) => !overridden.some((week) => date >= week.start && date <= week.end));
  return [...new Set([...kept, ...added])].sort(compareIsoDates);
}
