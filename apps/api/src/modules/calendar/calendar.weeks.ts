import {
  holidaysInWeek,
  isInSeason,
  MOW_YEAR_RANGE,
  mowYearOf,
  mowYearStart,
  mowYearWeeks,
  SEASON_WEEK_COLORS,
  SERVICE_COLORS,
  serviceWorkday,
  toDayNumber,
  type Activity,
  type CalendarFilter,
  type CalendarWeek,
  type Holiday,
  type IsoDate,
  type MowWeek,
  type SeasonWeekTypes,
  type ServiceNoteType,
  type Weekday,
} from '@lawn/shared';
import type { CalendarProperty, PropertyYear, WeekNote } from './calendar.repo';

/**
 * Pure assembly of a property's calendar and activity list from its stored year (no I/O here, so the rules are easy
 * to follow and the request does only the few indexed reads of the repo).
 */

/**
 * The years the calendar offers: from the mow year the property joined or started (whichever is earlier) to the year
 * after the current one, inside the supported range. A property starting in the future still offers that start year.
 */
export function offeredYears(property: Pick<CalendarProperty, 'joinDate' | 'serviceDate'>, today: IsoDate): number[] {
  const dates = [property.joinDate, property.serviceDate].filter((date): date is IsoDate => date !== null);
  const earliest = dates.sort((a, b) => toDayNumber(a) - toDayNumber(b))[0] ?? today;
  const last = Math.min(MOW_YEAR_RANGE.max, mowYearOf(today) + 1);
  const first = Math.min(Math.max(MOW_YEAR_RANGE.min, mowYearOf(earliest)), last);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** A mow year's fixed frame: its weeks and each week's holidays. */
type YearFrame = { startDay: number; weeks: readonly MowWeek[]; holidays: readonly (readonly Holiday[])[] };
const frames = new Map<number, YearFrame>();

/**
 * Weeks and holidays never change for a year, and working them out takes milliseconds (date arithmetic for 52 weeks
 * and a holiday lookup per week), most of the 20 ms a calendar may take: worked out once per year and process.
 */
function yearFrame(year: number): YearFrame {
  let frame = frames.get(year);
  if (!frame) {
    const weeks = mowYearWeeks(year);
    frame = {
      startDay: toDayNumber(mowYearStart(year)),
      weeks,
      holidays: weeks.map(({ week }) => holidaysInWeek(year, week)),
    };
    frames.set(year, frame);
  }
  return frame;
}

/** Notes shown on a week, strongest first: a redo over a write-in over a skip. */
const NOTE_PRIORITY: readonly ServiceNoteType[] = ['redo', 'write', 'skip'];

function notesByWeek(notes: readonly WeekNote[]): Map<number, WeekNote[]> {
  const byWeek = new Map<number, WeekNote[]>();
  for (const note of notes) byWeek.set(note.week, [...(byWeek.get(note.week) ?? []), note]);
  return byWeek;
}

/** The year's dates keyed by week number (dates of another mow year are ignored). */
export function datesByWeek(year: number, dates: readonly IsoDate[]): Map<number, IsoDate> {
  const { startDay, weeks } = yearFrame(year);
  const byWeek = new Map<number, IsoDate>();
  for (const date of dates) {
    const week = Math.floor((toDayNumber(date) - startDay) / 7) + 1;
    if (week >= 1 && week <= weeks.length) byWeek.set(week, date);
  }
  return byWeek;
}

export function topNote(notes: readonly WeekNote[] | undefined): WeekNote | null {
  for (const type of NOTE_PRIORITY) {
    const found = notes?.find((note) => note.type === type);
    if (found) return found;
  }
  return null;
}

export function weekMatchesFilter(types: SeasonWeekTypes, week: number, filter: CalendarFilter): boolean {
  if (filter === 'winter') return types[week - 1] === 'winter';
  if (filter === 'season') return isInSeason(types, week);
  return true;
}

export type CalendarWeeksInput = {
  year: number;
  today: IsoDate;
  filter: CalendarFilter;
  season: SeasonWeekTypes;
  schedule: PropertyYear;
};

export function buildCalendarWeeks({ year, today, filter, season, schedule }: CalendarWeeksInput): CalendarWeek[] {
  const workdays = datesByWeek(year, schedule.workdays);
  const planned = datesByWeek(year, schedule.planned);
  const overridden = new Set(schedule.overrides.map((override) => override.week));
  const notes = notesByWeek(schedule.notes);
  const todoWeeks = new Set(schedule.todoWeeks);
  const todayNumber = toDayNumber(today);

  const frame = yearFrame(year);
  return frame.weeks
    .filter(({ week }) => weekMatchesFilter(season, week, filter))
    .map(({ week, start, end }): CalendarWeek => {
      const type = season[week - 1] ?? 'winter';
      const serviceDay = workdays.get(week) ?? null;
      const note = topNote(notes.get(week));
      const active = serviceDay !== null;
      // A write-in or redo moves the visit to its own date; a skip keeps the skipped service day.
      const workday = note && note.type !== 'skip' ? note.workday : serviceDay;
      let color: string = SEASON_WEEK_COLORS[type];
      if (note) color = SERVICE_COLORS[note.type];
      else if (active) color = SERVICE_COLORS.service;
      return {
        week,
        start,
        end,
        status: type,
        current: {
          active: todayNumber >= toDayNumber(start) && todayNumber <= toDayNumber(end),
          color: SERVICE_COLORS.current,
        },
        holidays: [...(frame.holidays[week - 1] ?? [])],
        winter: { active: type === 'winter', color: SEASON_WEEK_COLORS.winter },
        customer: {
          active,
          color,
          workday,
          message: note ? note.message : null,
          typeServiceNote: note ? note.type : null,
          isRegularService: active && planned.has(week) && !overridden.has(week),
        },
        // A week with an open to-do is marked, so staff see the reminder where they plan the week.
        todo: { active: todoWeeks.has(week) },
      };
    });
}

const NOTE_DESCRIPTION: Readonly<Record<ServiceNoteType, string>> = {
  skip: 'Skipped',
  write: 'Write in',
  redo: 'Redo',
};

export function describeNote(type: ServiceNoteType, message: string): string {
  return message.length > 0 ? `${NOTE_DESCRIPTION[type]}: ${message}` : NOTE_DESCRIPTION[type];
}

/**
 * The year's events in date order: each service day, each skip, write-in and redo, and each week whose planned
 * service was removed by hand (dated on the day it would have been mowed).
 */
export function buildActivities(
  year: number,
  property: Pick<CalendarProperty, 'weekDay'>,
  schedule: PropertyYear,
): Activity[] {
  const added = new Set(schedule.overrides.filter((o) => o.kind === 'added').map((o) => o.week));
  const planned = datesByWeek(year, schedule.planned);
  const events: Activity[] = [];
  for (const [week, workday] of datesByWeek(year, schedule.workdays)) {
    events.push({ workday, description: added.has(week) ? 'Service added' : 'Regular service' });
  }
  for (const override of schedule.overrides) {
    if (override.kind !== 'removed') continue;
    const workday = planned.get(override.week) ?? serviceWorkday(year, override.week, property.weekDay as Weekday);
    events.push({ workday, description: 'Service removed' });
  }
  for (const note of schedule.notes)
    events.push({ workday: note.workday, description: describeNote(note.type, note.message) });
  // Array.prototype.sort is stable: on the same day the service comes before its note.
  return events.sort((a, b) => toDayNumber(a.workday) - toDayNumber(b.workday));
}
