import { z } from 'zod';
import { WEEKDAYS } from '../customers/customer.constants';
import { WEEKS_LIMIT } from '../customers/customer.schema';
import { MOW_YEAR_RANGE, SCHEDULE_MESSAGES } from '../schedule/schedule.schema';
import {
  boundedText,
  ID_RANGE,
  idSchema,
  listOf,
  requiredText,
  typedNumber,
  VALIDATION_MESSAGES,
  wholeNumber,
} from '../validation';
import { REPORT_FORMATS, REPORT_MESSAGES } from './report.schema';

/**
 * The office's route reports (operations, reconciliation, bush-bed): each lists one selection of a mow year, narrowed
 * by week, weekday, crew and market. The lookup opens them with the same fields in the query string.
 */
export const SELECTION_REPORT_TYPES = ['operations', 'reconciliation', 'bush-bed'] as const;
export type SelectionReportType = (typeof SELECTION_REPORT_TYPES)[number];

/** The report grids page 20, 50 or 100 rows at a time. */
export const SELECTION_REPORT_PAGE_SIZES = [20, 50, 100] as const;

/** Crew numbers are typed in a 5-digit input. */
const CREW_MAX = 99_999;

export const SELECTION_REPORT_MESSAGES = {
  /** None of week, weekday, crew or market given: a whole year of every crew is no report anyone reads. */
  selectParameter: 'Select a parameter',
  week: `Choose a week from 1 to ${WEEKS_LIMIT}`,
  weekDay: 'Choose a weekday from Monday to Friday',
  crew: `Enter a crew number from 1 to ${CREW_MAX}`,
  market: 'Choose a market',
} as const;

/** The selection's fields as numbers (a body, or a query string value once read as a number). */
export const SELECTION_FIELD_RULES = {
  year: wholeNumber({ ...MOW_YEAR_RANGE, message: SCHEDULE_MESSAGES.yearOutOfRange }),
  week: wholeNumber({ min: 1, max: WEEKS_LIMIT, message: SELECTION_REPORT_MESSAGES.week }),
  weekDay: wholeNumber({ min: 1, max: 5, message: SELECTION_REPORT_MESSAGES.weekDay }),
  crew: wholeNumber({ min: 1, max: CREW_MAX, message: SELECTION_REPORT_MESSAGES.crew }),
  market: wholeNumber({ ...ID_RANGE, message: SELECTION_REPORT_MESSAGES.market }),
} as const;
export type SelectionField = keyof typeof SELECTION_FIELD_RULES;
export const SELECTION_FIELDS = Object.keys(SELECTION_FIELD_RULES) as SelectionField[];

export type ReportSelection = { year: number; week?: number; weekDay?: number; crew?: number; market?: number };

/** At least one of week, weekday, crew or market narrows the year. */
export function hasSelectionParameter(selection: Omit<ReportSelection, 'year'>): boolean {
  return [selection.week, selection.weekDay, selection.crew, selection.market].some((value) => value !== undefined);
}

/** A number as a query string or a text field holds it: blank is "not chosen"; anything else must pass `rule`. */
function optionalTypedNumber(rule: z.ZodType<number, number>) {
  return z.string().transform((text, context): number | undefined => {
    const trimmed = text.trim();
    if (trimmed === '') return undefined;
    const parsed = rule.safeParse(/^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/**
 * The selection form of each report page (and its query string, `?year=Y&week=N&weekDay=D&crew=C&market=M`): text
 * values, blank meaning "any"; the year is required, and at least one other field ('Select a parameter').
 */
export const reportSelectionFormSchema = z
  .object({
    year: typedNumber(SELECTION_FIELD_RULES.year),
    week: optionalTypedNumber(SELECTION_FIELD_RULES.week),
    weekDay: optionalTypedNumber(SELECTION_FIELD_RULES.weekDay),
    crew: optionalTypedNumber(SELECTION_FIELD_RULES.crew),
    market: optionalTypedNumber(SELECTION_FIELD_RULES.market),
  })
  .superRefine((values, context) => {
    if (!hasSelectionParameter(values)) {
      context.addIssue({ code: 'custom', path: ['week'], message: SELECTION_REPORT_MESSAGES.selectParameter });
    }
  })
  .transform(({ year, ...rest }): ReportSelection => ({
    year,
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
  }));
export type ReportSelectionFormValues = z.input<typeof reportSelectionFormSchema>;

/** The weekdays a selection offers, Monday to Friday. */
export const SELECTION_WEEKDAYS = WEEKDAYS;

/** Columns of the operations report (the crew's route sheet): the first ten always show, the rest by checkbox. */
export const OPERATIONS_COLUMNS = {
  workday: 'Day',
  crew: 'Crew',
  serviceAddress: 'Address',
  fullName: 'Customer',
  city: 'City',
  marketName: 'Market',
  mowCut: 'Mow cut',
  gateCodes: 'Gate codes',
  hazards: 'Hazards',
  lat: 'Lat',
  lng: 'Lng',
  customerId: 'Account No',
  zipcode: 'Zip',
  contactNumber: 'Phone',
  frecuencyName: 'Frequency',
  specialRequests: 'Special requests',
} as const;
export type OperationsColumn = keyof typeof OPERATIONS_COLUMNS;
export const OPERATIONS_OPTIONAL_COLUMNS = [
  'customerId',
  'zipcode',
  'contactNumber',
  'frecuencyName',
  'specialRequests',
] as const satisfies readonly OperationsColumn[];

export const operationsReportRowSchema = z.object({
  /** `propertyId:workday`: a property is on the sheet once per service day. */
  key: z.string(),
  propertyId: z.number().int(),
  workday: z.string(),
  crew: z.number().int().nullable(),
  customerId: z.string(),
  fullName: z.string(),
  serviceAddress: z.string(),
  city: z.string(),
  zipcode: z.string(),
  marketName: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  mowCut: z.array(z.string()),
  gateCode: z.string().nullable(),
  communityCode: z.string().nullable(),
  /** The property answers a crew must heed, in words ('Pets in the backyard'). */
  hazards: z.array(z.string()),
  contactNumber: z.string(),
  frecuencyName: z.string(),
  specialRequests: z.array(z.string()),
});
export type OperationsReportRow = z.infer<typeof operationsReportRowSchema>;

/** What a week's service of a property can lack; see `reconciliationDifferences`. */
export const RECONCILIATION_DIFFERENCES = {
  notDone: 'Scheduled but not done',
  notBilled: 'Done but not billed',
  billedNotDone: 'Billed but not done',
  notScheduled: 'Not scheduled',
} as const;
export type ReconciliationDifference = keyof typeof RECONCILIATION_DIFFERENCES;

/**
 * The differences of one property's week: a planned service should be done by a crew and then billed. Billed without
 * being done is marked even when it was not scheduled, since the customer paid for nothing; done or billed without a
 * plan is marked 'Not scheduled'.
 */
export function reconciliationDifferences(facts: {
  isScheduled: boolean;
  isDone: boolean;
  isBilled: boolean;
}): ReconciliationDifference[] {
  const differences: ReconciliationDifference[] = [];
  if (facts.isScheduled && !facts.isDone) differences.push('notDone');
  if (facts.isDone && !facts.isBilled) differences.push('notBilled');
  if (facts.isBilled && !facts.isDone) differences.push('billedNotDone');
  if (!facts.isScheduled && (facts.isDone || facts.isBilled)) differences.push('notScheduled');
  return differences;
}

export const RECONCILIATION_COLUMNS = {
  week: 'Week',
  customerId: 'Account No',
  fullName: 'Customer',
  serviceAddress: 'Address',
  crew: 'Crew',
  marketName: 'Market',
  scheduledDay: 'Scheduled',
  doneDay: 'Done',
  billedDay: 'Billed',
  invoiceTotal: 'Invoice total',
  differences: 'Differences',
  city: 'City',
  invoiceStatusName: 'Invoice status',
} as const;
export type ReconciliationColumn = keyof typeof RECONCILIATION_COLUMNS;
export const RECONCILIATION_OPTIONAL_COLUMNS = [
  'city',
  'invoiceStatusName',
] as const satisfies readonly ReconciliationColumn[];

export const reconciliationReportRowSchema = z.object({
  /** `propertyId:week`: one row per property and mow week. */
  key: z.string(),
  propertyId: z.number().int(),
  week: z.number().int(),
  customerId: z.string(),
  fullName: z.string(),
  serviceAddress: z.string(),
  city: z.string(),
  crew: z.number().int().nullable(),
  marketName: z.string(),
  /** The planned service day, when the week has one. */
  scheduledDay: z.string().nullable(),
  /** The day a crew checked out (or the office settled the visit as done). */
  doneDay: z.string().nullable(),
  /** The service day of the week's invoice. */
  billedDay: z.string().nullable(),
  invoiceTotal: z.number().nullable(),
  invoiceStatusName: z.string().nullable(),
  differences: z.array(z.enum(Object.keys(RECONCILIATION_DIFFERENCES) as [ReconciliationDifference])),
});
export type ReconciliationReportRow = z.infer<typeof reconciliationReportRowSchema>;

export const BUSH_BED_REPORT_COLUMNS = {
  week: 'Week',
  weekDayName: 'Weekday',
  crew: 'Crew',
  fullName: 'Customer',
  serviceAddress: 'Address',
  city: 'City',
  marketName: 'Market',
  statusName: 'Status',
  instruction: 'Instruction',
  customerId: 'Account No',
  lat: 'Lat',
  lng: 'Lng',
  bbNotes: 'B&B notes',
} as const;
export type BushBedReportColumn = keyof typeof BUSH_BED_REPORT_COLUMNS;
export const BUSH_BED_REPORT_OPTIONAL_COLUMNS = [
  'customerId',
  'lat',
  'lng',
  'bbNotes',
] as const satisfies readonly BushBedReportColumn[];

export const bushBedReportRowSchema = z.object({
  /** The bush-and-bed service's id. */
  key: z.string(),
  propertyId: z.number().int(),
  week: z.number().int(),
  weekDay: z.number().int(),
  weekDayName: z.string(),
  crew: z.number().int(),
  statusName: z.string(),
  instruction: z.string(),
  customerId: z.string(),
  fullName: z.string(),
  serviceAddress: z.string(),
  city: z.string(),
  marketName: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  bbNotes: z.string().nullable(),
});
export type BushBedReportRow = z.infer<typeof bushBedReportRowSchema>;

/** Each report's columns, for the grids' checkboxes and the files' `select`. */
export const SELECTION_REPORT_COLUMNS = {
  operations: OPERATIONS_COLUMNS,
  reconciliation: RECONCILIATION_COLUMNS,
  'bush-bed': BUSH_BED_REPORT_COLUMNS,
} as const satisfies Record<SelectionReportType, Record<string, string>>;

/** Chosen rows a report file may name; more than that is the whole selection (clients 'all'). */
const REPORT_IDS_MAX = 10_000;

/**
 * A report file of a selection, written in the background: its name and format, the columns (`select`), the chosen
 * properties (`ids`) or all of the selection (`clients: 'all'`), and the grid's query (`filter[...]`, `sort`), which
 * the API checks like the grid's own.
 */
export function selectionReportRequestSchema(type: SelectionReportType) {
  const columns = Object.keys(SELECTION_REPORT_COLUMNS[type]) as [string, ...string[]];
  return z
    .strictObject({
      nameDoc: requiredText({ required: REPORT_MESSAGES.nameRequired, max: 100 }),
      typeDoc: z.enum(REPORT_FORMATS, { error: VALIDATION_MESSAGES.choose }),
      select: listOf(z.enum(columns, { error: VALIDATION_MESSAGES.choose }), {
        min: 1,
        max: columns.length,
      }).optional(),
      ids: listOf(idSchema, { max: REPORT_IDS_MAX }).optional(),
      clients: z.literal('all').optional(),
      query: z.record(
        requiredText({ required: VALIDATION_MESSAGES.required, max: 100, trim: false }),
        boundedText({ max: 1000, trim: false }),
      ),
    })
    .refine((body) => body.clients === 'all' || (body.ids?.length ?? 0) > 0, {
      message: REPORT_MESSAGES.selectCustomer,
      path: ['ids'],
    });
}
export type SelectionReportRequest = z.infer<ReturnType<typeof selectionReportRequestSchema>>;
