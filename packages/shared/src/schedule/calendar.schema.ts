import { z } from 'zod';
import { CUSTOMER_MESSAGES, weekNumberSchema } from '../customers/customer.schema';
import { boundedText } from '../validation';
import { formatUsDate, toDayNumber, type IsoDate } from './calendar-date';
import { isValidWeek, SEASON_WEEK_TYPES } from './mow-year';
import { isoDateSchema, mowYearSchema } from './schedule.schema';
import { isValidWriteInDate, writeInWindow } from './write-in';
import { completedServiceSchema } from '../crew/visit';

/**
 * Messages of the calendar, its Skip / Write in / Redo modals and the service notes. Dates in
 * messages are shown as the product shows every date, MM/dd/yyyy.
 */
export const CALENDAR_MESSAGES = {
  required: 'Field is required',
  messageMax: 'Max. 200 characters',
  dateRequired: 'Date is required',
  weekend: 'Weekends cannot be chosen',
  outsideWindow: (from: IsoDate, to: IsoDate) => `Choose a date from ${formatUsDate(from)} to ${formatUsDate(to)}`,
  pastDate: 'Date cannot be in the past',
  weekRange: CUSTOMER_MESSAGES.weekRange,
  weekNotInYear: (week: number, year: number) => `Week ${week} is not in ${year}`,
  yearNotOffered: 'Choose one of the years offered',
  weekActive: 'This week already has a service',
  weekInactive: 'This week has no service',
  alreadySkipped: 'This week is already skipped',
  alreadyWritten: 'This week already has a write-in',
  alreadyRedone: 'This week already has a redo',
  weekHasNotes: 'Delete the skip, write-in and redo of this week first',
  noteNotFound: 'Service note not found',
  noteDeleteConfirm: 'This action cannot be undone, are you sure to proceed?',
  noteDeleteDetail: 'You are about to delete the service.',
  noteDeleted: 'Service Successfully deleted',
  noteUpdated: 'Service note updated',
  mailSent: 'The mail was sent correctly',
  noEmail: 'This customer has no e-mail address',
} as const;

export const SERVICE_MESSAGE_MAX = 200;

/** Range selector of the calendar: All weeks, Only winter, Only in season. */
export const CALENDAR_FILTERS = ['all', 'winter', 'season'] as const;
export type CalendarFilter = (typeof CALENDAR_FILTERS)[number];
export const CALENDAR_FILTER_LABELS: Readonly<Record<CalendarFilter, string>> = {
  all: 'All weeks',
  winter: 'Only winter',
  season: 'Only in season',
};

/** Schedule changes sent for a week. */
export const SCHEDULE_CHANGES = ['created', 'removed', 'skip', 'write', 'redo'] as const;
export type ScheduleChange = (typeof SCHEDULE_CHANGES)[number];
/** The message a successful schedule change answers with. */
export const SCHEDULE_CHANGE_MESSAGES: Readonly<Record<ScheduleChange, string>> = {
  created: 'Service created',
  removed: 'Service removed',
  skip: 'Service skipped',
  write: 'Write in saved',
  redo: 'Redo saved',
};

export const SERVICE_NOTE_TYPES = ['skip', 'write', 'redo'] as const;
export type ServiceNoteType = (typeof SERVICE_NOTE_TYPES)[number];
export const SERVICE_NOTE_LABELS: Readonly<Record<ServiceNoteType, string>> = {
  skip: 'Skip',
  write: 'Write in',
  redo: 'Redo',
};

/** Colours of a property's week bar: a planned or added service, and each kind of service note. */
export const SERVICE_COLORS = {
  service: '#10AA39',
  skip: '#f59e0b',
  write: '#2563eb',
  redo: '#9333ea',
  current: '#242323',
} as const;

/** A skip's reason or a write-in's / redo's message: at most 200 characters (whether it is required is per change). */
const serviceMessage = boundedText({
  max: SERVICE_MESSAGE_MAX,
  maxMessage: CALENDAR_MESSAGES.messageMax,
  required: CALENDAR_MESSAGES.required,
});

export const calendarQuerySchema = z.strictObject({
  /** Defaults to the mow year today belongs to. */
  year: mowYearSchema.optional(),
  filter: z.enum(CALENDAR_FILTERS).default('all'),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;
export const calendarYearQuerySchema = z.strictObject({ year: mowYearSchema.optional() });

const holidaySchema = z.object({ date: z.string(), name: z.string() });

/** A week of a property's calendar: the spec's week schedule item. */
export const calendarWeekSchema = z.object({
  week: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** The global season type of the week. */
  status: z.enum(SEASON_WEEK_TYPES),
  current: z.object({ active: z.boolean(), color: z.string() }),
  holidays: z.array(holidaySchema),
  winter: z.object({ active: z.boolean(), color: z.string() }),
  customer: z.object({
    /** The property has a service this week (planned or added by hand), skipped or not. */
    active: z.boolean(),
    color: z.string(),
    /** The service day (the write-in or redo date when the week has one). */
    workday: z.string().nullable(),
    /** The reason of a skip, or the message of a write-in or redo. */
    message: z.string().nullable(),
    /** The week's most recent kind of service note: redo over write over skip. */
    typeServiceNote: z.enum(SERVICE_NOTE_TYPES).nullable(),
    /** The service comes from the regular schedule rather than from a hand-made change. */
    isRegularService: z.boolean(),
  }),
  todo: z.object({ active: z.boolean() }),
});
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;

export const calendarSchema = z.object({
  year: z.number().int(),
  /** Years the calendar offers (previous/next arrows stay inside them). */
  years: z.array(z.number().int()),
  filter: z.enum(CALENDAR_FILTERS),
  hasWinter: z.boolean(),
  data: z.array(calendarWeekSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;
export const calendarResponseSchema = z.object({ data: calendarSchema });

export const activitySchema = z.object({ workday: z.string(), description: z.string() });
export type Activity = z.infer<typeof activitySchema>;
export const activitiesResponseSchema = z.object({ data: z.array(activitySchema) });

export const skipsCountResponseSchema = z.object({
  data: z.object({ year: z.number().int(), count: z.number().int() }),
});

/**
 * PATCH /api/customers/{id}/attributes: one schedule change for one week. The shape is checked here; the rules that
 * need the week's dates and today (window, weekends, past) are in `scheduleChangeIssues`, used by both sides.
 */
export const scheduleChangeSchema = z.strictObject({
  status: z.enum(SCHEDULE_CHANGES),
  year: mowYearSchema,
  week: weekNumberSchema,
  /** Skip: the reason (required). Write-in and redo: an optional message. */
  message: serviceMessage.optional(),
  /** Write-in and redo: the visit date. */
  date: isoDateSchema.optional(),
});
export type ScheduleChangeRequest = z.infer<typeof scheduleChangeSchema>;

export type FieldIssues = Partial<Record<'week' | 'message' | 'date', string[]>>;

/**
 * The rules of a schedule change that need the week's dates and today: the week must exist in the year; a skip needs
 * a reason; a message has at most 200 characters; a write-in or redo date is required, a weekday from the week's
 * Monday to its Sunday plus 7 days, and a redo date is not in the past. Empty when the change may be
 * applied.
 */
export function scheduleChangeIssues(change: ScheduleChangeRequest, today: IsoDate): FieldIssues {
  const issues: FieldIssues = {};
  if (!isValidWeek(change.year, change.week)) {
    issues.week = [CALENDAR_MESSAGES.weekNotInYear(change.week, change.year)];
    return issues;
  }
  const message = change.message?.trim() ?? '';
  if (change.status === 'skip' && message.length === 0) issues.message = [CALENDAR_MESSAGES.required];
  if (message.length > SERVICE_MESSAGE_MAX) issues.message = [CALENDAR_MESSAGES.messageMax];
  if (change.status === 'write' || change.status === 'redo') {
    const dateIssue = serviceDateIssue(change.status, change.date, change.year, change.week, today);
    if (dateIssue) issues.date = [dateIssue];
  }
  return issues;
}

/** The first broken rule of a write-in or redo date, or null. */
export function serviceDateIssue(
  type: 'write' | 'redo',
  date: IsoDate | undefined | null,
  year: number,
  week: number,
  today: IsoDate,
): string | null {
  if (!date) return CALENDAR_MESSAGES.dateRequired;
  if (isValidWriteInDate(date, year, week)) {
    return type === 'redo' && toDayNumber(date) < toDayNumber(today) ? CALENDAR_MESSAGES.pastDate : null;
  }
  const { from, to } = writeInWindow(year, week);
  const day = toDayNumber(date);
  if (day < toDayNumber(from) || day > toDayNumber(to)) return CALENDAR_MESSAGES.outsideWindow(from, to);
  return CALENDAR_MESSAGES.weekend;
}

export const scheduleChangeResponseSchema = z.object({ message: z.string(), data: calendarSchema });

/** A skip, write-in or redo as the service-notes lists show it. */
export const serviceNoteSchema = z.object({
  id: z.number().int(),
  type: z.enum(SERVICE_NOTE_TYPES),
  year: z.number().int(),
  week: z.number().int(),
  workday: z.string(),
  /** 1 for the year's first note of this type, 2 for the second, ... */
  count: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ServiceNote = z.infer<typeof serviceNoteSchema>;
export const serviceNotesQuerySchema = z.strictObject({ year: mowYearSchema.optional() });
export const serviceNotesResponseSchema = z.object({
  data: z.object({
    skips: z.array(serviceNoteSchema),
    write: z.array(serviceNoteSchema),
    redo: z.array(serviceNoteSchema),
  }),
});
export type ServiceNotes = z.infer<typeof serviceNotesResponseSchema>['data'];

/** PATCH .../service-notes: change the message (a skip's reason) of one note. */
export const serviceNotePatchSchema = z.strictObject({
  type: z.enum(SERVICE_NOTE_TYPES),
  year: mowYearSchema,
  week: weekNumberSchema,
  message: serviceMessage,
});
/** PATCH .../service-notes answers the year's lists with the change in them. */
export const serviceNotePatchResponseSchema = z.object({
  message: z.string(),
  data: serviceNotesResponseSchema.shape.data,
});
/** DELETE .../service-notes: one note, named by type, year and week. */
export const serviceNoteDeleteSchema = z.strictObject({
  type: z.enum(SERVICE_NOTE_TYPES),
  year: mowYearSchema,
  week: weekNumberSchema,
});

/** A property's winter option of one year, as the record lists it (`winterScheduleStatus`). */
export const winterScheduleStatusSchema = z.object({ year: z.number().int(), status: z.boolean() });

/** GET /api/external/calendar: the calendar with its data list, the year, the years offered and the year's visits. */
export const externalCalendarResponseSchema = z.object({
  calendar: z.object({ data: z.array(calendarWeekSchema) }),
  year: z.number().int(),
  years: z.array(z.number().int()),
  /** The year's completed visits with their photos: the proof of service, shown on their weeks. */
  visits: z.array(completedServiceSchema),
});
