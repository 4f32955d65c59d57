import { z } from 'zod';
import { isoDateSchema } from '../schedule/schedule.schema';
import { daysBetween, isIsoDate, isoDayOfWeek } from '../schedule/calendar-date';
import { idParamSchema, listOf, PG_INTEGER_RANGES, wholeNumber, wholeNumberParam } from '../validation';
import { DAY_CAPACITY_STATUSES } from './availability.rules';

export const AVAILABILITY_MESSAGES = {
  slotsNumber: 'Must be a number',
  slotsRange: 'Enter at most 10000 mows',
  daysRequired: 'You should select at least 1 date',
  dayOutsideWeek: 'Select Monday to Friday of the week',
  weekInvalid: 'Send a Monday to Sunday week',
  lockModeRequired: 'Choose all day or an hour range',
  startRequired: 'Start date is required',
  endRequired: 'End date is required',
  endBeforeStart: 'The end must be after the start',
  hourInvalid: 'Enter a time as HH:mm',
  timeZoneInvalid: 'Choose a time zone',
  weeksRange: 'Ask for 1 to 26 weeks',
  rangeTooLong: 'Ask for at most 92 days',
  weekChanged: 'Someone else changed this week; it has been reloaded',
  dayFull: 'That start date has no free mows left',
  dayClosed: 'That start date is closed',
} as const;

/** The most mows a market-day may be given: far above any crew count, and inside the column's range. */
export const MAX_DAY_SLOTS = 10_000;
/** The most weeks one read of a market's availability covers: half a season. */
export const MAX_AVAILABILITY_WEEKS = 26;
/** The longest range of days a capacity read covers (a quarter): a picker shows a month or two. */
export const MAX_CAPACITY_DAYS = 92;

/** The time zones a lock's hours are given in: the US zones the business may serve. */
export const AVAILABILITY_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
] as const;

/** A lock: 0 none, 1 locked. How: '0' all day, '1' an hour range. */
export const DAY_LOCK = { open: 0, locked: 1 } as const;
export const LOCK_MODE = { allDay: '0', hours: '1' } as const;

const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const DIGITS = /^\d+$/;

const slotsSchema = z
  .string({ error: AVAILABILITY_MESSAGES.slotsNumber })
  .trim()
  .refine((text) => DIGITS.test(text), AVAILABILITY_MESSAGES.slotsNumber)
  .transform(Number)
  .pipe(wholeNumber({ min: 0, max: MAX_DAY_SLOTS, message: AVAILABILITY_MESSAGES.slotsRange }));

/** A lock's hour, HH:mm, or '' while no hour range is asked (the lock's own check then asks for it). */
const hourSchema = z
  .string({ error: AVAILABILITY_MESSAGES.hourInvalid })
  .refine((text) => text === '' || HOUR_PATTERN.test(text), AVAILABILITY_MESSAGES.hourInvalid);

/** A week's version: the sum of its days' versions, 0 for a week nobody has set. */
const weekVersionSchema = wholeNumber({ min: 0, max: PG_INTEGER_RANGES.integer.max });

/**
 * The Edit dialog's payload (PUT updateWeek): the max mows (digits only) for the selected workdays of the week, an
 * optional lock, all day or an hour range in a time zone, and the week's version as it was read.
 */
export const availabilityUpdateSchema = z
  .strictObject({
    version: weekVersionSchema,
    slots: slotsSchema,
    isLock: z.union([z.literal(DAY_LOCK.open), z.literal(DAY_LOCK.locked)]),
    lockDayHourly: z.enum(['', LOCK_MODE.allDay, LOCK_MODE.hours], { error: AVAILABILITY_MESSAGES.lockModeRequired }),
    lockHoursRange: z.strictObject({ start: hourSchema, end: hourSchema }),
    timeZone: z.enum(AVAILABILITY_TIME_ZONES, { error: AVAILABILITY_MESSAGES.timeZoneInvalid }),
    week: z.strictObject({
      start: isoDateSchema,
      end: isoDateSchema,
      week: wholeNumber({ min: 1, max: 53 }),
      weekdays: listOf(isoDateSchema, { max: 5 }),
    }),
  })
  .superRefine((value, context) => {
    const { week } = value;
    // Refinements run even when a date failed its own check (which answers it): only real dates are compared here.
    const isWeekReadable = isIsoDate(week.start) && isIsoDate(week.end);
    if (isWeekReadable && (isoDayOfWeek(week.start) !== 1 || daysBetween(week.start, week.end) !== 6)) {
      context.addIssue({ code: 'custom', path: ['week', 'start'], message: AVAILABILITY_MESSAGES.weekInvalid });
    }
    if (week.weekdays.length === 0) {
      context.addIssue({ code: 'custom', path: ['week', 'weekdays'], message: AVAILABILITY_MESSAGES.daysRequired });
    } else if (
      isWeekReadable &&
      week.weekdays.every(isIsoDate) &&
      week.weekdays.some((day) => day < week.start || day > week.end || isoDayOfWeek(day) > 5)
    ) {
      context.addIssue({ code: 'custom', path: ['week', 'weekdays'], message: AVAILABILITY_MESSAGES.dayOutsideWeek });
    }
    if (value.isLock !== DAY_LOCK.locked) return;
    if (value.lockDayHourly === '') {
      context.addIssue({ code: 'custom', path: ['lockDayHourly'], message: AVAILABILITY_MESSAGES.lockModeRequired });
    }
    if (value.lockDayHourly !== LOCK_MODE.hours) return;
    const { start, end } = value.lockHoursRange;
    const isStartGiven = HOUR_PATTERN.test(start);
    const isEndGiven = HOUR_PATTERN.test(end);
    if (!isStartGiven) {
      context.addIssue({
        code: 'custom',
        path: ['lockHoursRange', 'start'],
        message: AVAILABILITY_MESSAGES.startRequired,
      });
    }
    if (!isEndGiven) {
      context.addIssue({ code: 'custom', path: ['lockHoursRange', 'end'], message: AVAILABILITY_MESSAGES.endRequired });
    }
    if (isStartGiven && isEndGiven && end <= start) {
      context.addIssue({
        code: 'custom',
        path: ['lockHoursRange', 'end'],
        message: AVAILABILITY_MESSAGES.endBeforeStart,
      });
    }
  });
export type AvailabilityUpdateInput = z.input<typeof availabilityUpdateSchema>;
export type AvailabilityUpdate = z.output<typeof availabilityUpdateSchema>;

export const marketAvailabilityParamsSchema = z.strictObject({ marketId: idParamSchema });

/** GET slots: the weeks from the one holding `from` (default this week), `weeks` of them (default 8). */
export const availabilitySlotsQuerySchema = z.strictObject({
  from: isoDateSchema.optional(),
  weeks: wholeNumberParam({
    min: 1,
    max: MAX_AVAILABILITY_WEEKS,
    message: AVAILABILITY_MESSAGES.weeksRange,
  }).optional(),
});

/** Days from `from` to `to`, or -1 when either is not a date (its own check answers that). */
const daysFrom = (from: string, to: string): number => (isIsoDate(from) && isIsoDate(to) ? daysBetween(from, to) : -1);

/** GET slotsWeek: one week by its Monday, Sunday and number. */
export const availabilityWeekQuerySchema = z.strictObject({
  start: isoDateSchema,
  end: isoDateSchema,
  week: wholeNumberParam({ min: 1, max: 53 }),
});

/** A range of days whose capacity is read (the pickers, the dashboard). */
export const capacityRangeQuerySchema = z
  .strictObject({ from: isoDateSchema, to: isoDateSchema })
  .refine((range) => daysFrom(range.from, range.to) >= 0 && daysFrom(range.from, range.to) < MAX_CAPACITY_DAYS, {
    message: AVAILABILITY_MESSAGES.rangeTooLong,
    path: ['to'],
  });

/** The public sign-up's read: the days of a served zip code's market. */
export const startDaysQuerySchema = z
  .strictObject({
    zipcode: z.string().regex(/^\d{5}$/, 'Enter a 5-digit zip code'),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .refine((range) => daysFrom(range.from, range.to) >= 0 && daysFrom(range.from, range.to) < MAX_CAPACITY_DAYS, {
    message: AVAILABILITY_MESSAGES.rangeTooLong,
    path: ['to'],
  });

const dayStatusSchema = z.enum(DAY_CAPACITY_STATUSES);

/** One weekday of a mow week as the table shows it; Saturday and Sunday are placeholders with 0. */
export const availabilityDaySchema = z.object({
  date: z.string(),
  name: z.string(),
  smallName: z.string(),
  /** 1 Monday to 7 Sunday. */
  workday: z.number().int(),
  /** Max mows; null when none is set (no limit). */
  slots: z.number().int().nullable(),
  /** Scheduled mows, counted from the properties' schedules. */
  used: z.number().int(),
  lock: z.union([z.literal(0), z.literal(1)]),
  lockDayHourly: z.enum(['', LOCK_MODE.allDay, LOCK_MODE.hours]),
  lockStartHour: z.string().nullable(),
  lockEndHour: z.string().nullable(),
  timeZone: z.string().nullable(),
  status: dayStatusSchema,
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

export const availabilityWeekSchema = z.object({
  start: z.string(),
  end: z.string(),
  week: z.number().int(),
  year: z.number().int(),
  /** Sent back with an update: a week changed meanwhile answers 409. */
  version: z.number().int(),
  weekdays: z.array(availabilityDaySchema),
});
export type AvailabilityWeek = z.infer<typeof availabilityWeekSchema>;

export const availabilitySlotsResponseSchema = z.object({
  /** The weeks the page can show (start, end, week). */
  weeksFilter: z.array(z.object({ start: z.string(), end: z.string(), week: z.number().int() })),
  data: z.array(availabilityWeekSchema),
});
export const availabilityWeekResponseSchema = z.object({ data: availabilityWeekSchema });

/** One market-day's numbers, as the office (and later the dashboard's capacity bars) reads them. */
export const dayCapacitySchema = z.object({
  date: z.string(),
  slots: z.number().int().nullable(),
  scheduled: z.number().int(),
  remaining: z.number().int().nullable(),
  status: dayStatusSchema,
});
export type DayCapacity = z.infer<typeof dayCapacitySchema>;
export const capacityResponseSchema = z.object({ data: z.array(dayCapacitySchema) });

/** The public read: only why a day cannot be chosen, never the business's numbers. */
export const startDaySchema = z.object({ date: z.string(), status: dayStatusSchema });
export type StartDay = z.infer<typeof startDaySchema>;
export const startDaysResponseSchema = z.object({ data: z.array(startDaySchema) });
