import { z } from 'zod';
import { SEASON_WEEK_TYPES } from './mow-year';
import { mowYearSchema } from './schedule.schema';
import { weekNumberSchema, WEEKS_LIMIT } from '../customers/customer.schema';
import { listOf, VALIDATION_MESSAGES } from '../validation';

/** Texts of the global schedule management screen. */
export const SEASON_MESSAGES = {
  processConfirm: 'Are you sure to process this schedule?',
  processing: 'The schedule is being processed',
  alreadyRunning: 'A schedule is already being processed; wait for it to finish',
  nothingRun: 'This year has not been processed yet',
  weekEnded: (week: number) => `Week ${week} has ended and can no longer be changed`,
  /** A run's failure reason when the job could not be queued or kept failing (details are in the server log). */
  notQueued: 'The schedule could not be queued for processing. Please try again.',
  failed: 'The schedule could not be processed. Please try again.',
} as const;

/** The progress bar's title for a year's run. */
export const scheduleRunName = (year: number) => `Schedule ${year}`;

/** Range of the global week grid: every week, or the winter weeks only. */
export const SEASON_RANGES = ['all', 'winter'] as const;
export const seasonWeeksQuerySchema = z.strictObject({
  year: mowYearSchema,
  range: z.enum(SEASON_RANGES).default('all'),
});
export const seasonYearQuerySchema = z.strictObject({ year: mowYearSchema });

/** A week of the global grid (schedule week). */
export const seasonWeekSchema = z.object({
  week: z.number().int(),
  start: z.string(),
  end: z.string(),
  type: z.enum(SEASON_WEEK_TYPES),
  color: z.string(),
  winter: z.boolean(),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** Today falls in this week. */
  current: z.boolean(),
  /** The week has ended: its type can no longer change. */
  disabled: z.boolean(),
});
export type SeasonWeek = z.infer<typeof seasonWeekSchema>;
export const seasonWeeksResponseSchema = z.object({
  year: z.number().int(),
  /** Whether the year's weeks were edited and stored; false means the default season. */
  isSaved: z.boolean(),
  data: z.array(seasonWeekSchema),
});

/** PUT /api/schedule?year=: the pending updates in the order they were chosen; then the year is processed. */
export const seasonWeekUpdatesSchema = z.strictObject({
  weeks: listOf(
    z.strictObject({ week: weekNumberSchema, type: z.enum(SEASON_WEEK_TYPES, { error: VALIDATION_MESSAGES.choose }) }),
    { max: WEEKS_LIMIT },
  ),
});

export const SCHEDULE_RUN_STATUSES = ['requested', 'in_progress', 'completed', 'failed'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

/** The progress bar's feed: the year's latest processing run (schedule status). */
export const scheduleStatusSchema = z.object({
  year: z.number().int(),
  total: z.number().int(),
  progress: z.number().int(),
  percentage: z.number(),
  /** A run of any year is requested or under way: Process is disabled. */
  isProgress: z.boolean(),
  /** `none` when the year was never processed. */
  status: z.enum([...SCHEDULE_RUN_STATUSES, 'none']),
  name: z.string(),
  failureReason: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;
export const scheduleStatusResponseSchema = z.object({ data: scheduleStatusSchema });

/** Summary Season Start: for each of weeks 1-4, the services per market and frequency. */
export const seasonStartSummarySchema = z.object({
  week: z.number().int(),
  start: z.string(),
  end: z.string(),
  markets: z.array(
    z.object({
      name: z.string(),
      /** The market's load this week is more than `SEASON_START_WARNING_RATIO` above its average over weeks 1-4. */
      isWarning: z.boolean(),
      frecuency: z.array(z.object({ name: z.string(), amount: z.number().int() })),
    }),
  ),
});
export type SeasonStartSummary = z.infer<typeof seasonStartSummarySchema>;
export const seasonStartSummaryResponseSchema = z.object({ data: z.array(seasonStartSummarySchema) });
export const SEASON_START_WARNING_RATIO = 0.2;
