import { z } from 'zod';
import { wholeNumberParam } from '../validation';
import { isIsoDate } from './calendar-date';

/** Mow years the calendars and pickers offer; the rules are table-tested across this range. */
export const MOW_YEAR_RANGE = { min: 2020, max: 2040 } as const;

export const SCHEDULE_MESSAGES = {
  yearOutOfRange: `Choose a year from ${MOW_YEAR_RANGE.min} to ${MOW_YEAR_RANGE.max}`,
  dateInvalid: 'Date is not valid',
} as const;

/** A mow year in a body or a query string; whatever is wrong with it, it answers the one range message. */
export const mowYearSchema = wholeNumberParam({ ...MOW_YEAR_RANGE, message: SCHEDULE_MESSAGES.yearOutOfRange });

export const isoDateSchema = z
  .string({ error: SCHEDULE_MESSAGES.dateInvalid })
  .refine(isIsoDate, SCHEDULE_MESSAGES.dateInvalid);

export const weeksQuerySchema = z.strictObject({ year: mowYearSchema });
export const dateInfoQuerySchema = z.strictObject({ date: isoDateSchema });

const holidaySchema = z.object({ date: z.string(), name: z.string() });

export const mowWeekSchema = z.object({
  week: z.number().int(),
  start: z.string(),
  end: z.string(),
  holidays: z.array(holidaySchema),
});
export type MowWeekWithHolidays = z.infer<typeof mowWeekSchema>;

export const weeksResponseSchema = z.object({ year: z.number().int(), data: z.array(mowWeekSchema) });

export const dateInfoSchema = z.object({
  date: z.string(),
  year: z.number().int(),
  week: z.number().int(),
  weekStart: z.string(),
  weekEnd: z.string(),
  isBusinessDay: z.boolean(),
  holidays: z.array(holidaySchema),
  nextBusinessDay: z.string(),
  isSeasonStartWeek: z.boolean(),
});
export type DateInfo = z.infer<typeof dateInfoSchema>;
