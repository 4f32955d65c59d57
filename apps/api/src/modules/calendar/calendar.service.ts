import {
  calendarDateIn,
  CUSTOMER_MESSAGES,
  defaultCalendarYear,
  type Activity,
  type Actor,
  type Calendar,
  type CalendarFilter,
  type IsoDate,
  type ScheduleChangeRequest,
  type SeasonWeekTypes,
} from '@lawn/shared';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../http/errors';
import { loadSeason } from '../schedule/schedule.service';
import { applyScheduleChange } from './calendar.changes';
import { requireCalendarProperty, resolveYear } from './calendar.property';
import * as repo from './calendar.repo';
import { buildActivities, buildCalendarWeeks, offeredYears } from './calendar.weeks';

export type CalendarDeps = { db: Database; clock: () => Date };

/**
 * Marks a week skipped inside the caller's transaction, as the calendar's Skip does (the note, the re-plan, the
 * history): what another module calls when a week turns out not to have been mowed.
 */
export function skipWeek(
  tx: Transaction,
  propertyId: number,
  skip: { year: number; week: number; reason: string },
  actor: Actor,
  today: IsoDate,
): Promise<string> {
  return applyScheduleChange(
    tx,
    propertyId,
    { status: 'skip', year: skip.year, week: skip.week, message: skip.reason },
    actor,
    today,
  );
}

export function createCalendarService({ db, clock }: CalendarDeps) {
  const today = (): IsoDate => calendarDateIn(clock());

  /**
   * One round trip in the usual case: the property with its year and the season side by side, for the year asked
   * for or today's. Only when today's year is outside the offered ones is the right year read again.
   */
  async function calendar(propertyId: number, query: { year?: number; filter: CalendarFilter }): Promise<Calendar> {
    const now = today();
    const guess = query.year ?? defaultCalendarYear(now);
    const [season, found] = await Promise.all([
      loadSeason(db, guess),
      repo.findPropertyWithYear(db, propertyId, guess),
    ]);
    if (!found) throw notFound(CUSTOMER_MESSAGES.notFound);
    const years = offeredYears(found.property, now);
    const year = resolveYear(years, now, query.year);
    if (year !== guess) return calendarOf(propertyId, year, years, query.filter, now);
    return assemble(year, years, query.filter, now, season.types, found.schedule);
  }

  async function calendarOf(
    propertyId: number,
    year: number,
    years: number[],
    filter: CalendarFilter,
    now: IsoDate,
  ): Promise<Calendar> {
    const [season, schedule] = await Promise.all([loadSeason(db, year), repo.loadPropertyYear(db, propertyId, year)]);
    return assemble(year, years, filter, now, season.types, schedule);
  }

  function assemble(
    year: number,
    years: number[],
    filter: CalendarFilter,
    now: IsoDate,
    season: SeasonWeekTypes,
    schedule: repo.PropertyYear,
  ): Calendar {
    return {
      year,
      years,
      filter,
      hasWinter: schedule.hasWinter,
      data: buildCalendarWeeks({ year, today: now, filter, season, schedule }),
    };
  }

  return {
    calendar,

    async activities(propertyId: number, query: { year?: number }): Promise<Activity[]> {
      const now = today();
      const property = await requireCalendarProperty(db, propertyId);
      const year = resolveYear(offeredYears(property, now), now, query.year);
      return buildActivities(year, property, await repo.loadPropertyYear(db, propertyId, year));
    },

    async skipsCount(propertyId: number, query: { year?: number }): Promise<{ year: number; count: number }> {
      await requireCalendarProperty(db, propertyId);
      const year = query.year ?? defaultCalendarYear(today());
      return { year, count: await repo.countSkips(db, propertyId, year) };
    },

    /** One schedule change, all of it (note or override, re-plan, history) in one transaction; answers the year. */
    async changeSchedule(
      propertyId: number,
      change: ScheduleChangeRequest,
      actor: Actor,
    ): Promise<{ message: string; data: Calendar }> {
      const now = today();
      const message = await db.transaction((tx) => applyScheduleChange(tx, propertyId, change, actor, now));
      return { message, data: await calendar(propertyId, { year: change.year, filter: 'all' }) };
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
