import {
  addDays,
  AVAILABILITY_MESSAGES,
  calendarDateIn,
  DAY_LOCK,
  dayCapacityStatus,
  formatUsDate,
  LOCK_MODE,
  mowYearOf,
  remainingSlots,
  weekOf,
  weekRange,
  type AvailabilityDay,
  type AvailabilityUpdate,
  type AvailabilityWeek,
  type DayCapacity,
  type DayLimit,
  type IsoDate,
  type MowWeek,
  type StartDay,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict } from '../../http/errors';
import type { MarketsService } from '../markets/markets.service';
import type { ServiceZonesService } from '../service-zones/service-zones.service';
import * as repo from './availability.repo';

type Deps = {
  db: Database;
  markets: Pick<MarketsService, 'get'>;
  serviceZones: Pick<ServiceZonesService, 'serviceArea'>;
  clock?: () => Date;
};

type DayRange = { from: IsoDate; to: IsoDate };

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** Weeks the page shows when it does not say: two months ahead. */
const DEFAULT_WEEKS = 8;
/** How many free days a refused start date offers instead, and how far ahead they are looked for. */
const OFFERED_DAYS = 3;
const OFFER_SEARCH_DAYS = 45;

/** A day nobody set: no limit and no lock (ADR 0046). */
const NO_LIMIT: DayLimit = { slots: null, isLockedAllDay: false };

const limitOf = (row: repo.AvailabilityRow | undefined): DayLimit =>
  row ? { slots: row.slots, isLockedAllDay: row.isLocked && row.isLockAllDay } : NO_LIMIT;

/** Every day from `from` to `to`. */
function daysOf({ from, to }: DayRange): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The capacity of each day of `range` from its set rows and its scheduled counts. */
function capacityOf(range: DayRange, rows: repo.AvailabilityRow[], counts: Map<IsoDate, number>): DayCapacity[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(range).map((date) => {
    const limit = limitOf(byDay.get(date));
    const scheduled = counts.get(date) ?? 0;
    return {
      date,
      slots: limit.slots,
      scheduled,
      remaining: remainingSlots(limit, scheduled),
      status: dayCapacityStatus(date, limit, scheduled),
    };
  });
}

/**
 * The capacity of each of a market's days: its limit, the mows scheduled, what is left and its status. The two reads
 * run one after the other: inside a transaction they share one connection.
 */
async function readCapacity(db: Executor, marketId: number, range: DayRange): Promise<DayCapacity[]> {
  const rows = await repo.findDays(db, marketId, range.from, range.to);
  return capacityOf(range, rows, await repo.countScheduled(db, marketId, range.from, range.to));
}

/**
 * The week's table from the set rows and scheduled counts of a range holding it: Monday to Friday as set and
 * scheduled, Saturday and Sunday as placeholders with 0.
 */
function weekTable(week: MowWeek, allRows: repo.AvailabilityRow[], counts: Map<IsoDate, number>): AvailabilityWeek {
  const range = { from: week.start, to: week.end };
  const rows = allRows.filter((row) => row.day >= week.start && row.day <= week.end);
  const capacity = capacityOf(range, rows, counts);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const weekdays = capacity.map((day, index): AvailabilityDay => {
    const row = byDay.get(day.date);
    const isWorkday = index < 5;
    const isLocked = isWorkday && row?.isLocked === true;
    return {
      date: day.date,
      name: DAY_NAMES[index] ?? '',
      smallName: (DAY_NAMES[index] ?? '').slice(0, 3),
      workday: index + 1,
      slots: isWorkday ? day.slots : 0,
      used: isWorkday ? day.scheduled : 0,
      lock: isLocked ? DAY_LOCK.locked : DAY_LOCK.open,
      lockDayHourly: isLocked ? (row.isLockAllDay ? LOCK_MODE.allDay : LOCK_MODE.hours) : '',
      lockStartHour: isLocked ? row.lockStart : null,
      lockEndHour: isLocked ? row.lockEnd : null,
      timeZone: row?.timeZone ?? null,
      status: day.status,
    };
  });
  const version = rows.reduce((sum, row) => sum + row.version, 0);
  return { ...week, year: mowYearOf(week.start), version, weekdays };
}

/** The tables of consecutive weeks, read with one query of the rows and one count of the schedules. */
async function readWeeks(db: Executor, marketId: number, weeks: MowWeek[]): Promise<AvailabilityWeek[]> {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  const rows = await repo.findDays(db, marketId, first.start, last.end);
  const counts = await repo.countScheduled(db, marketId, first.start, last.end);
  return weeks.map((week) => weekTable(week, rows, counts));
}

async function readWeek(db: Executor, marketId: number, week: MowWeek): Promise<AvailabilityWeek> {
  const [table] = await readWeeks(db, marketId, [week]);
  if (!table) throw new Error('a week without its table');
  return table;
}

/** The mow week that starts on `start` with number `week`; 400 when the three do not name one. */
function checkedWeek(week: { start: IsoDate; end: IsoDate; week: number }): MowWeek {
  const ref = weekOf(week.start);
  const range = weekRange(ref.year, ref.week);
  if (range.start !== week.start || range.end !== week.end || range.week !== week.week) {
    throw badRequest(undefined, { 'week.start': [AVAILABILITY_MESSAGES.weekInvalid] });
  }
  return range;
}

/** The first free days after `day`, as a refused start date offers them. */
async function nextFreeDays(db: Executor, marketId: number, day: IsoDate): Promise<IsoDate[]> {
  const range = { from: addDays(day, 1), to: addDays(day, OFFER_SEARCH_DAYS) };
  const capacity = await readCapacity(db, marketId, range);
  return capacity
    .filter((next) => next.status === 'open')
    .slice(0, OFFERED_DAYS)
    .map((next) => next.date);
}

/**
 * Takes one mow of a market-day for a new order, inside the order's transaction: the day's row is locked first, so a
 * second order for the same day waits and then counts the first one's property. A day that is full or locked answers
 * 409 on `serviceDate`, offering the next free days. Call it before the property is written.
 */
export async function claimStartDay(tx: Executor, marketId: number, day: IsoDate): Promise<void> {
  await repo.lockDays(tx, marketId, [day]);
  const [capacity] = await readCapacity(tx, marketId, { from: day, to: day });
  if (!capacity || capacity.status === 'open') return;
  const offered = await nextFreeDays(tx, marketId, day);
  const message = capacity.status === 'full' ? AVAILABILITY_MESSAGES.dayFull : AVAILABILITY_MESSAGES.dayClosed;
  const offer = offered.length > 0 ? `. Free days: ${offered.map(formatUsDate).join(', ')}` : '';
  throw conflict(`${message}${offer}`, { serviceDate: [`${message}${offer}`] }, { freeDays: offered });
}

/** Mow availability: the office's max mows and locks per market-day, and the capacity every start date is taken from. */
export function createAvailabilityService({ db, markets, serviceZones, clock = () => new Date() }: Deps) {
  return {
    /** GET slots: the weeks from the one holding `from` (today by default) with their days. */
    async slots(marketId: number, query: { from?: IsoDate | undefined; weeks?: number | undefined }) {
      await markets.get(marketId);
      const first = weekOf(query.from ?? calendarDateIn(clock()));
      const start = weekRange(first.year, first.week).start;
      const weeks = Array.from({ length: query.weeks ?? DEFAULT_WEEKS }, (_, index) => {
        const ref = weekOf(addDays(start, index * 7));
        return weekRange(ref.year, ref.week);
      });
      return { weeksFilter: weeks, data: await readWeeks(db, marketId, weeks) };
    },

    /** GET slotsWeek: one week of a market. */
    async week(marketId: number, week: { start: IsoDate; end: IsoDate; week: number }): Promise<AvailabilityWeek> {
      await markets.get(marketId);
      return readWeek(db, marketId, checkedWeek(week));
    },

    /**
     * PUT updateWeek: sets the max mows and the lock of the selected workdays, in one transaction. The week's rows are
     * locked and its version compared with the one the person read: a week changed meanwhile answers 409.
     */
    async updateWeek(marketId: number, update: AvailabilityUpdate, userId: number): Promise<AvailabilityWeek> {
      await markets.get(marketId);
      const week = checkedWeek(update.week);
      const workdays = daysOf({ from: week.start, to: addDays(week.start, 4) });
      return db.transaction(async (tx) => {
        const rows = await repo.lockDays(tx, marketId, workdays);
        const version = rows.reduce((sum, row) => sum + row.version, 0);
        if (version !== update.version) throw conflict(AVAILABILITY_MESSAGES.weekChanged);
        const isLocked = update.isLock === DAY_LOCK.locked;
        const isHours = isLocked && update.lockDayHourly === LOCK_MODE.hours;
        await repo.saveDays(tx, marketId, [...new Set(update.week.weekdays)], {
          slots: update.slots,
          isLocked,
          isLockAllDay: !isHours,
          lockStart: isHours ? update.lockHoursRange.start : null,
          lockEnd: isHours ? update.lockHoursRange.end : null,
          timeZone: update.timeZone,
          updatedBy: userId,
        });
        return readWeek(tx, marketId, week);
      });
    },

    /** The numbers of a market's days: what the office and the dashboard's capacity bars read. */
    async capacity(marketId: number, range: DayRange): Promise<DayCapacity[]> {
      await markets.get(marketId);
      return readCapacity(db, marketId, range);
    },

    /** The public sign-up's picker: why each day of a served zip code's market can or cannot be chosen. */
    async startDays(zipcode: string, range: DayRange): Promise<StartDay[]> {
      const area = await serviceZones.serviceArea(zipcode);
      const capacity = await readCapacity(db, area.serviceMarketsId, range);
      return capacity.map(({ date, status }) => ({ date, status }));
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
