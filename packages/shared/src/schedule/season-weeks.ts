import { isoDate, type IsoDate } from './calendar-date';
import { SEASON_START_WEEKS, seasonStart, weekOf, weeksInMowYear, type SeasonWeekType } from './mow-year';

/**
 * The global season of a mow year as one type per week (index 0 is week 1). The shape is always:
 * winter weeks before the single `start` week, `regular` weeks up to the last regular week (the season), then
 * `winter` and `holiday` weeks to the year's end (ADR 0006).
 */
export type SeasonWeekTypes = readonly SeasonWeekType[];
export type SeasonWeekUpdate = { week: number; type: SeasonWeekType };

/** Weeks of the year holding these dates are holiday (red) weeks by default: no service at all. */
const DEFAULT_HOLIDAY_DATES = (year: number): IsoDate[] => [isoDate(year, 12, 25), isoDate(year + 1, 1, 1)];

/**
 * Default season of a year before anyone edits it: the season starts in the season-start week, runs through the
 * week holding November 30, and the weeks of Christmas Day and New Year's Day are holidays; the rest is winter.
 */
export function defaultSeasonWeeks(year: number): SeasonWeekType[] {
  const weeks = weeksInMowYear(year);
  const start = seasonStart(year).week;
  const lastRegular = weekOf(isoDate(year, 11, 30)).week;
  const holidayWeeks = new Set(DEFAULT_HOLIDAY_DATES(year).map((date) => weekOf(date).week));
  return Array.from({ length: weeks }, (_, index): SeasonWeekType => {
    const week = index + 1;
    if (week === start) return 'start';
    if (week > start && week <= lastRegular) return 'regular';
    return holidayWeeks.has(week) ? 'holiday' : 'winter';
  });
}

export function seasonStartWeekOf(types: SeasonWeekTypes): number {
  return types.indexOf('start') + 1;
}

/** The last week of the season (the start week when no regular week follows it). */
export function lastRegularWeekOf(types: SeasonWeekTypes): number {
  let last = seasonStartWeekOf(types);
  while (types[last] === 'regular') last += 1;
  return last;
}

/** Season weeks: the start week and the regular weeks after it. */
export function isInSeason(types: SeasonWeekTypes, week: number): boolean {
  return week >= seasonStartWeekOf(types) && week <= lastRegularWeekOf(types);
}

/**
 * Which types the week menu offers: Season Start for weeks 1-4; Regular only for the week right
 * after the last regular week; Winter and Holiday for weeks from the last regular week on (after "last regular
 * minus one"). A week's own type is never offered.
 */
export function seasonWeekChoices(types: SeasonWeekTypes, week: number): SeasonWeekType[] {
  const lastRegular = lastRegularWeekOf(types);
  const choices: SeasonWeekType[] = [];
  if ((SEASON_START_WEEKS as readonly number[]).includes(week)) choices.push('start');
  if (week === lastRegular + 1) choices.push('regular');
  if (week > lastRegular - 1 && week > seasonStartWeekOf(types)) choices.push('winter', 'holiday');
  return choices.filter((choice) => choice !== types[week - 1]);
}

export const SEASON_WEEK_MESSAGES = {
  notOffered: (week: number, type: SeasonWeekType) => `Week ${week} cannot be set to ${SEASON_WEEK_LABELS[type]}`,
  weekOutOfYear: (week: number, year: number) => `Week ${week} is not in ${year}`,
} as const;

export const SEASON_WEEK_LABELS: Readonly<Record<SeasonWeekType, string>> = {
  start: 'Season Start',
  regular: 'Regular',
  winter: 'Winter',
  holiday: 'Holiday',
};

/**
 * One menu choice applied. Moving the start re-types the weeks around it so the shape holds: earlier weeks become
 * winter, and weeks between the new start and the old season become regular. Ending the season early (winter or
 * holiday on the last regular week) shortens it by that week.
 */
export function applySeasonWeekUpdate(types: SeasonWeekTypes, update: SeasonWeekUpdate): SeasonWeekType[] {
  const next = [...types];
  const { week, type } = update;
  if (type === 'start') {
    const oldStart = seasonStartWeekOf(types);
    const lastRegular = lastRegularWeekOf(types);
    for (let index = 0; index < next.length; index += 1) {
      const current = index + 1;
      if (current < week) next[index] = 'winter';
      else if (current === week) next[index] = 'start';
      else if (current <= Math.max(lastRegular, oldStart)) next[index] = 'regular';
    }
    return next;
  }
  next[week - 1] = type;
  return next;
}

/** Applies updates in order, checking each against the menu rules of the weeks as they stand then. */
export function applySeasonWeekUpdates(
  year: number,
  types: SeasonWeekTypes,
  updates: readonly SeasonWeekUpdate[],
): { ok: true; types: SeasonWeekType[] } | { ok: false; message: string } {
  let current = [...types];
  for (const update of updates) {
    if (!Number.isInteger(update.week) || update.week < 1 || update.week > current.length) {
      return { ok: false, message: SEASON_WEEK_MESSAGES.weekOutOfYear(update.week, year) };
    }
    if (current[update.week - 1] === update.type) continue;
    if (!seasonWeekChoices(current, update.week).includes(update.type)) {
      return { ok: false, message: SEASON_WEEK_MESSAGES.notOffered(update.week, update.type) };
    }
    current = applySeasonWeekUpdate(current, update);
  }
  return { ok: true, types: current };
}
