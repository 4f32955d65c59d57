import { z } from 'zod';
import { MOW_DAYS } from '../customers/customer.constants';
import { CUSTOMER_MESSAGES, WEEKS_LIMIT } from '../customers/customer.schema';
import { versionSchema } from '../http/version';
import { calendarWeekSchema } from '../schedule/calendar.schema';
import { mowYearSchema } from '../schedule/schedule.schema';
import { boundedText, choiceOf, selectedNumber, typedNumber, wholeNumber } from '../validation';

/** Status of a bush-and-bed service: 1 Not, 2 Yes, 3 Cancelled. */
export const BUSH_BED_STATUS = { not: 1, yes: 2, cancelled: 3 } as const;
export const BUSH_BED_STATUSES = {
  [BUSH_BED_STATUS.not]: 'Not',
  [BUSH_BED_STATUS.yes]: 'Yes',
  [BUSH_BED_STATUS.cancelled]: 'Cancelled',
} as const;
export type BushBedStatus = keyof typeof BUSH_BED_STATUSES;

/** Colours of a week of the bush-and-bed calendar, by the status of the week's service. */
export const BUSH_BED_COLORS: Readonly<Record<BushBedStatus, string>> = {
  [BUSH_BED_STATUS.not]: '#6b7280',
  [BUSH_BED_STATUS.yes]: '#10AA39',
  [BUSH_BED_STATUS.cancelled]: '#b91c1c',
};

/** What bush-and-bed work costs, as the tab tells staff before they book it. */
export const BUSH_BED_PRICE_NOTE = '$100 per hour for 2 people in Dallas, Fort Worth, Austin and San Antonio';

/** Crew numbers are typed in a 5-digit input. */
const CREW_MAX = 99_999;
/** Room for what the crew must do in the beds, bounded so one request stays small. */
export const BUSH_BED_INSTRUCTION_MAX = 1000;

/** Texts of the B&B tab and its service modal. */
export const BUSH_BED_MESSAGES = {
  required: 'Required',
  weekTaken: 'This week already has a bush-and-bed service',
  notFound: 'Bush-and-bed service not found',
  stale: 'Someone else changed this service meanwhile. It now shows their version.',
  created: 'Bush-and-bed service saved',
  updated: 'Bush-and-bed service updated',
} as const;

const required = BUSH_BED_MESSAGES.required;

/** The fields of the bush-and-bed service modal: week number, crew, week day and status are each required. */
export const bushBedFieldsSchema = {
  year: mowYearSchema,
  weekNumber: wholeNumber({ min: 1, max: WEEKS_LIMIT, message: CUSTOMER_MESSAGES.weekRange, required }),
  crew: wholeNumber({ min: 1, max: CREW_MAX, required }),
  weekDay: choiceOf(MOW_DAYS, required),
  status: choiceOf(BUSH_BED_STATUSES, required),
  /** What the crew is to do; may be empty. */
  instruction: boundedText({ max: BUSH_BED_INSTRUCTION_MAX }),
};

/** POST /api/customers/{id}/bush-bed. */
export const bushBedCreateSchema = z.strictObject(bushBedFieldsSchema);
export type BushBedCreate = z.infer<typeof bushBedCreateSchema>;

/** PATCH /api/customers/{id}/bush-bed/{serviceId}: the service as edited and the version it was edited from. */
export const bushBedPatchSchema = bushBedCreateSchema.extend({ version: versionSchema });
export type BushBedPatch = z.infer<typeof bushBedPatchSchema>;

/**
 * The modal's values: its selects hold '' until something is chosen and the crew is typed as text; nothing chosen or
 * typed answers 'Required' like a missing value does at the API.
 */
export const bushBedFormSchema = z.strictObject({
  year: mowYearSchema,
  weekNumber: selectedNumber(bushBedFieldsSchema.weekNumber),
  crew: typedNumber(bushBedFieldsSchema.crew),
  weekDay: selectedNumber(bushBedFieldsSchema.weekDay),
  status: selectedNumber(bushBedFieldsSchema.status),
  instruction: bushBedFieldsSchema.instruction,
});
export type BushBedFormValues = z.input<typeof bushBedFormSchema>;

export const bushBedServiceSchema = z.object({
  id: z.number().int(),
  customerAttributeId: z.number().int(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  crew: z.number().int(),
  weekDay: z.number().int(),
  weekDayName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  instruction: z.string(),
  /** Goes up by one with every edit; an edit sends the version it was made from. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BushBedService = z.infer<typeof bushBedServiceSchema>;
export const bushBedServiceResponseSchema = z.object({ message: z.string(), data: bushBedServiceSchema });
export const bushBedServicesResponseSchema = z.object({ data: z.array(bushBedServiceSchema) });

/**
 * A week of the bush-and-bed calendar: the property's calendar week with the week's bush-and-bed service, if any
 * (`bbId`, coloured by its status), and the week and year a new service on it would take.
 */
export const bushBedWeekSchema = calendarWeekSchema.extend({
  bbId: z.number().int().nullable(),
  /** The status of the week's service (1 Not, 2 Yes, 3 Cancelled). */
  bbStatus: z.number().int().nullable(),
  color: z.string().nullable(),
  selectWeek: z.number().int(),
  selectYear: z.number().int(),
});
export type BushBedWeek = z.infer<typeof bushBedWeekSchema>;
export const bushBedCalendarResponseSchema = z.object({
  data: z.object({ year: z.number().int(), years: z.array(z.number().int()), data: z.array(bushBedWeekSchema) }),
});
export type BushBedCalendar = z.infer<typeof bushBedCalendarResponseSchema>['data'];
