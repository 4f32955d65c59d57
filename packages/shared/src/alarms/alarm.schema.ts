import { z } from 'zod';
import type { Role } from '../auth/roles';
import { versionSchema } from '../http/version';
import { NOTE_MAX_DATE } from '../notes/note.constants';
import { isIsoDate } from '../schedule/calendar-date';
import { SCHEDULE_MESSAGES } from '../schedule/schedule.schema';
import { idSchema, listOf, requiredText, typedNumber, wholeNumber } from '../validation';
import { firstBroken } from '../validation/rules';

/**
 * Alarms: a person's reminders, each rung at its date and hour (in the business's time zone) on the screen of the
 * person who set it, and again `duration` minutes later once snoozed.
 */

/** Who sees and manages everyone's alarms on the alarm list; everyone else sees their own. */
export const ALARM_VIEW_ALL_ROLES = ['Admin', 'Manager'] as const satisfies readonly Role[];

/** The latest date an alarm may be set for, as for every date the office picks. */
export const ALARM_MAX_DATE = NOTE_MAX_DATE;
/** An alarm's duration, which is also its snooze interval: one minute to one day. */
export const ALARM_DURATION_RANGE = { min: 1, max: 24 * 60 } as const;
export const ALARM_REGARDING_MAX = 100;
export const ALARM_DETAIL_MAX = 1000;
/** The alarm list shows the newest 50 a page; one delete takes at most a full page. */
export const ALARM_LIST_LIMIT = 50;
/** How often the browser looks for an alarm that is due (every 40 s, so every minute is looked at at least once). */
export const ALARM_CHECK_INTERVAL_MS = 40_000;

export const ALARM_MESSAGES = {
  required: 'Field is required',
  dateMax: 'Choose a date up to 12/31/2050',
  hourInvalid: 'Enter the time as HH:mm',
  durationInvalid: `Enter a duration from ${ALARM_DURATION_RANGE.min} to ${ALARM_DURATION_RANGE.max} minutes`,
  statusNothing: 'Send active or snooze',
  selectOne: 'Please select only one alarm.',
  selectAtLeastOne: 'Please select at least one alarm.',
  deleteConfirm: 'Are you sure to delete the selected alarm(s)?',
  deleteFailed: 'Has had an error, try again later.',
  emptyList: 'No alarms available',
  emptyToday: 'No alarms logged for today',
  created: 'Your alarm has been created.',
  updated: 'Your alarm has been updated.',
  deleted: 'The alarm(s) have been deleted.',
  notFound: 'Alarm not found',
  stale: 'Someone else changed this alarm meanwhile. Reload to see their change.',
} as const;
const M = ALARM_MESSAGES;

/** 24-hour HH:mm, as alarms keep their hour. */
export const ALARM_HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const alarmDateSchema = requiredText({ required: M.required, max: 10 })
  .refine(isIsoDate, firstBroken(SCHEDULE_MESSAGES.dateInvalid))
  .refine((date) => date <= ALARM_MAX_DATE, firstBroken(M.dateMax));
const alarmHourSchema = requiredText({
  required: M.required,
  pattern: { regex: ALARM_HOUR_PATTERN, message: M.hourInvalid },
  max: 5,
});
const durationSchema = wholeNumber({ ...ALARM_DURATION_RANGE, message: M.durationInvalid, required: M.required });
const regardingSchema = requiredText({ required: M.required, max: ALARM_REGARDING_MAX });
const detailSchema = requiredText({ required: M.required, max: ALARM_DETAIL_MAX });

/** POST /api/alarms: the alarm's fields, each required. */
export const alarmCreateSchema = z.strictObject({
  alarmDate: alarmDateSchema,
  alarmHour: alarmHourSchema,
  duration: durationSchema,
  snooze: z.boolean({ error: M.required }),
  regarding: regardingSchema,
  detail: detailSchema,
});
export type AlarmCreateInput = z.input<typeof alarmCreateSchema>;
export type AlarmCreate = z.output<typeof alarmCreateSchema>;

/** PATCH /api/alarms/{id}: the alarm edited or rescheduled, from the version it was read at (409 when it moved). */
export const alarmUpdateSchema = alarmCreateSchema.extend({ version: versionSchema });
export type AlarmUpdate = z.output<typeof alarmUpdateSchema>;

/** PATCH /api/alarms/{id}/status: Stop alarm (active false) or the snooze switch; each sets a value, so no version. */
export const alarmStatusSchema = z
  .strictObject({
    active: z.boolean({ error: M.required }).optional(),
    snooze: z.boolean({ error: M.required }).optional(),
  })
  .refine((status) => status.active !== undefined || status.snooze !== undefined, M.statusNothing);
export type AlarmStatus = z.output<typeof alarmStatusSchema>;

/** DELETE /api/alarms: the selected alarms. */
export const alarmDeleteSchema = z.strictObject({
  ids: listOf(idSchema, { min: 1, max: ALARM_LIST_LIMIT, required: M.selectAtLeastOne }),
});

/**
 * The alarm form: the API's fields as the form holds them, the duration typed as text and the snooze unanswered
 * (null) until chosen; each answers the API's message.
 */
export const alarmFormSchema = alarmCreateSchema.extend({
  duration: typedNumber(durationSchema),
  snooze: z
    .boolean()
    .nullable()
    .transform((snooze, context): boolean => {
      if (snooze !== null) return snooze;
      context.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }),
});
export type AlarmFormValues = z.input<typeof alarmFormSchema>;

export const alarmSchema = z.object({
  id: z.number().int(),
  alarmDate: z.string(),
  alarmHour: z.string(),
  duration: z.number().int(),
  snooze: z.boolean(),
  regarding: z.string(),
  detail: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  /** Who set it: the person whose screen it rings on. */
  user: z.object({ id: z.number().int(), fullName: z.string() }),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmResponseSchema = z.object({ message: z.string(), data: alarmSchema });
/** GET /api/alarms/today: the caller's alarms of today in the business's zone, by hour; `today` is that date. */
export const alarmsTodayResponseSchema = z.object({ today: z.string(), data: z.array(alarmSchema) });
export const alarmsDeletedResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });
