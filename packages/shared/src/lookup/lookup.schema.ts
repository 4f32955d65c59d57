import { z } from 'zod';
import { CUSTOMER_STATUSES, MOW_DAYS } from '../customers/customer.constants';
import { HOW_HEARD } from '../new-customers/new-customer.constants';
import { NOTE_TYPE, NOTE_TYPES } from '../notes/note.constants';
import { addDays, isIsoDate, isoDayOfWeek, type IsoDate } from '../schedule/calendar-date';
import { MOW_YEAR_RANGE } from '../schedule/schedule.schema';
import { boundedText } from '../validation';
import {
  basicSearchField,
  LOOKUP_ATTRIBUTES,
  LOOKUP_DATE_MAX,
  LOOKUP_MESSAGES,
  LOOKUP_METHOD,
  LOOKUP_REPORT_PARAMS,
  type LookupAttribute,
  type LookupMethod,
  type LookupReportParam,
} from './lookup.constants';

/**
 * The wizard's fields as a person fills them: every choice as text ('' while none), dates as 'YYYY-MM-DD' (shown
 * MM/DD/YYYY; a date typed only in part holds a text that is no date). Each method reads the fields it shows.
 */
export type LookupFormValues = {
  method: string;
  /** Basic search: the field picked (`BASIC_SEARCH_FIELDS`); `parentBasic` its value. */
  searchBasic: string;
  parentBasic: string;
  /** By source range: the how-heard source, with `startDate` and `endDate`. */
  about: string;
  startDate: string;
  endDate: string;
  market: string;
  year: string;
  week: string;
  /** Attributes: the choices ticked, each with its date (and the note's type). */
  attributes: LookupAttribute[];
  status: string;
  skipDate: string;
  writeDate: string;
  redoDate: string;
  noteDate: string;
  noteType: string;
  /** Creation date. */
  date: string;
  weekDay: string;
  crew: string;
};

export const EMPTY_LOOKUP_FORM: LookupFormValues = {
  method: '',
  searchBasic: '',
  parentBasic: '',
  about: '',
  startDate: '',
  endDate: '',
  market: '',
  year: '',
  week: '',
  attributes: [],
  status: '',
  skipDate: '',
  writeDate: '',
  redoDate: '',
  noteDate: '',
  noteType: '',
  date: '',
  weekDay: '',
  crew: '',
};

/** The methods that open a report page instead of the customer list. */
export type ReportMethod =
  | typeof LOOKUP_METHOD.operationsReport
  | typeof LOOKUP_METHOD.reconciliationReport
  | typeof LOOKUP_METHOD.bushBedReport;

/** What a lookup searches: the customer list with these filters, or a report page with these parameters. */
export type LookupSearch =
  | { kind: 'customers'; method: LookupMethod; filters: Readonly<Record<string, string>> }
  | {
      kind: 'report';
      method: ReportMethod;
      params: Readonly<Partial<Record<LookupReportParam, string>>>;
    };

type Issues = Partial<Record<keyof LookupFormValues, string>>;

/** Text of a choice: at most this long (no choice, name or number is longer), and never a character SQL refuses. */
const FIELD_MAX = 100;
const field = () => boundedText({ max: FIELD_MAX, trim: false });
const isCode = (labels: Readonly<Record<number, string>>, value: string) => Object.hasOwn(labels, value);
const isWholeNumberIn = (value: string, min: number, max: number) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

/** The first problem of a date field: missing, not a date, or after 12/31/2050. */
function dateIssue(value: string): string | undefined {
  if (value === '') return LOOKUP_MESSAGES.required;
  if (!isIsoDate(value)) return LOOKUP_MESSAGES.dateInvalid;
  return value > LOOKUP_DATE_MAX ? LOOKUP_MESSAGES.dateMax : undefined;
}

/** Builds one method's schema: its fields' problems (the first per field), then what it searches. */
function methodSchema<Shape extends Partial<Record<keyof LookupFormValues, z.ZodType>>>(
  shape: Shape,
  issuesOf: (values: z.output<z.ZodObject<Shape>>) => Issues,
  searchOf: (values: z.output<z.ZodObject<Shape>>) => LookupSearch,
) {
  return z
    .object(shape)
    .superRefine((values, context) => {
      for (const [path, message] of Object.entries(issuesOf(values))) {
        context.addIssue({ code: 'custom', message, path: [path] });
      }
    })
    .transform(searchOf);
}

const customers = (method: LookupMethod, filters: Record<string, string>): LookupSearch => ({
  kind: 'customers',
  method,
  filters,
});
const withMarket = (market: string): Record<string, string> => (market === '' ? {} : { market });

/**
 * 1 Basic search: a field picked ('Field is required'), its value ('Field is required'; a name or an address at least
 * 3 characters), and for "by source range" the source with a start and an end date. A market narrows any of them.
 */
export const basicLookupSchema = methodSchema(
  {
    searchBasic: field(),
    parentBasic: field(),
    about: field(),
    startDate: field(),
    endDate: field(),
    market: field(),
  },
  ({ searchBasic, parentBasic, about, startDate, endDate, market }) => {
    const picked = basicSearchField(Number(searchBasic));
    if (searchBasic === '' || !picked) return { searchBasic: LOOKUP_MESSAGES.required };
    const issues: Issues = {};
    if (market !== '' && !isWholeNumberIn(market, 1, 2_147_483_647)) issues.market = LOOKUP_MESSAGES.required;
    if (picked.kind === 'sourceRange') {
      if (!isCode(HOW_HEARD, about)) issues.about = LOOKUP_MESSAGES.required;
      const startIssue = dateIssue(startDate);
      const endIssue = dateIssue(endDate);
      if (startIssue) issues.startDate = startIssue;
      if (endIssue) issues.endDate = endIssue;
      if (!startIssue && !endIssue && startDate > endDate) issues.startDate = LOOKUP_MESSAGES.startAfterEnd;
      return issues;
    }
    const value = parentBasic.trim();
    if (picked.kind === 'date') {
      const issue = dateIssue(value);
      if (issue) issues.parentBasic = issue;
    } else if (value === '') issues.parentBasic = LOOKUP_MESSAGES.required;
    else if (picked.kind === 'text' && picked.minLength !== undefined && value.length < picked.minLength) {
      issues.parentBasic = LOOKUP_MESSAGES.minThree;
    }
    return issues;
  },
  ({ searchBasic, parentBasic, about, startDate, endDate, market }) => {
    const picked = basicSearchField(Number(searchBasic));
    if (picked?.kind === 'sourceRange') {
      return customers(LOOKUP_METHOD.basic, {
        source: about,
        createdAt: `${startDate},${endDate}`,
        ...withMarket(market),
      });
    }
    return customers(LOOKUP_METHOD.basic, { [picked?.filter ?? '']: parentBasic.trim(), ...withMarket(market) });
  },
);

/** 2 Work weeks: a year (previous, current or next) and one of its weeks ('Field is required'). */
export const workWeeksLookupSchema = methodSchema(
  { year: field(), week: field() },
  ({ year, week }) => {
    const issues: Issues = {};
    if (!isWholeNumberIn(year, MOW_YEAR_RANGE.min, MOW_YEAR_RANGE.max)) issues.year = LOOKUP_MESSAGES.required;
    if (!isWholeNumberIn(week, 1, 53)) issues.week = LOOKUP_MESSAGES.required;
    return issues;
  },
  ({ year, week }) => customers(LOOKUP_METHOD.workWeeks, { week, year }),
);

const ATTRIBUTE_DATES = { skip: 'skipDate', write: 'writeDate', redo: 'redoDate', note: 'noteDate' } as const;

/**
 * 9 Attributes: at least one choice ('Field is required'); a status for Status, a date for each of the others, and
 * a note type for the note look-up. Each choice's date finds the properties with such an entry on that day.
 */
export const attributesLookupSchema = methodSchema(
  {
    attributes: z.array(z.enum(Object.keys(LOOKUP_ATTRIBUTES) as [LookupAttribute, ...LookupAttribute[]])).max(5),
    status: field(),
    skipDate: field(),
    writeDate: field(),
    redoDate: field(),
    noteDate: field(),
    noteType: field(),
  },
  (values) => {
    if (values.attributes.length === 0) return { attributes: LOOKUP_MESSAGES.required };
    const issues: Issues = {};
    for (const attribute of values.attributes) {
      if (attribute === 'status') {
        if (!isCode(CUSTOMER_STATUSES, values.status)) issues.status = LOOKUP_MESSAGES.required;
        continue;
      }
      const name = ATTRIBUTE_DATES[attribute];
      const issue = dateIssue(values[name]);
      if (issue) issues[name] = issue;
      if (attribute === 'note' && !isCode(NOTE_TYPES, values.noteType)) issues.noteType = LOOKUP_MESSAGES.required;
    }
    return issues;
  },
  (values) => {
    const filters: Record<string, string> = {};
    for (const attribute of values.attributes) {
      if (attribute === 'status') filters['status'] = values.status;
      else filters[ATTRIBUTE_DATES[attribute]] = values[ATTRIBUTE_DATES[attribute]];
      if (attribute === 'note') filters['noteType'] = values.noteType;
    }
    return customers(LOOKUP_METHOD.attributes, filters);
  },
);

/** 10 Status and market: at least one of the two ('Please select at least one search parameter.'). */
export const statusMarketLookupSchema = methodSchema(
  { status: field(), market: field() },
  ({ status, market }) => {
    if (status === '' && market === '') return { status: LOOKUP_MESSAGES.noParameter };
    const issues: Issues = {};
    if (status !== '' && !isCode(CUSTOMER_STATUSES, status)) issues.status = LOOKUP_MESSAGES.required;
    if (market !== '' && !isWholeNumberIn(market, 1, 2_147_483_647)) issues.market = LOOKUP_MESSAGES.required;
    return issues;
  },
  ({ status, market }) =>
    customers(LOOKUP_METHOD.statusMarket, { ...(status === '' ? {} : { status }), ...withMarket(market) }),
);

/**
 * 11 Creation date, the accounts with pending size verification: the properties created that day that are not yet
 * approved. Approving a new order is where the office checks the lot's size, so the hidden approved flag is false
 * and the order status pending (the list otherwise shows approved orders only).
 */
export const creationDateLookupSchema = methodSchema(
  { date: field() },
  ({ date }) => {
    const issue = dateIssue(date);
    return issue ? { date: issue } : {};
  },
  ({ date }) => customers(LOOKUP_METHOD.creationDate, { createdAt: date, isApproved: 'false', statusOrders: '0' }),
);

/** 12, 13, 14: the report pages take a week, a mow day, a crew and a market; at least one ('Select a parameter'). */
const reportLookupSchema = (method: ReportMethod) =>
  methodSchema(
    { week: field(), weekDay: field(), crew: field(), market: field(), year: field() },
    ({ week, weekDay, crew, market, year }) => {
      if ([week, weekDay, crew, market].every((value) => value === ''))
        return { week: LOOKUP_MESSAGES.selectParameter };
      const issues: Issues = {};
      if (week !== '' && !isWholeNumberIn(week, 1, 53)) issues.week = LOOKUP_MESSAGES.selectParameter;
      if (weekDay !== '' && !isCode(MOW_DAYS, weekDay)) issues.weekDay = LOOKUP_MESSAGES.selectParameter;
      if (crew !== '' && !isWholeNumberIn(crew, 1, 99_999)) issues.crew = LOOKUP_MESSAGES.selectParameter;
      if (market !== '' && !isWholeNumberIn(market, 1, 2_147_483_647)) issues.market = LOOKUP_MESSAGES.selectParameter;
      if (year !== '' && !isWholeNumberIn(year, MOW_YEAR_RANGE.min, MOW_YEAR_RANGE.max)) {
        issues.year = LOOKUP_MESSAGES.required;
      }
      return issues;
    },
    (values) => {
      const params: Partial<Record<LookupReportParam, string>> = {};
      for (const name of LOOKUP_REPORT_PARAMS) {
        if (values[name] !== '') params[name] = values[name];
      }
      return { kind: 'report', method, params };
    },
  );

/** 15 Active customers with mobiles: nothing to fill in. */
export const cellphoneLookupSchema = methodSchema(
  {},
  () => ({}),
  () => customers(LOOKUP_METHOD.cellphone, { isCellphone: 'true' }),
);

/** Each method's rules, by method code. */
export const LOOKUP_SCHEMAS = {
  [LOOKUP_METHOD.basic]: basicLookupSchema,
  [LOOKUP_METHOD.workWeeks]: workWeeksLookupSchema,
  [LOOKUP_METHOD.attributes]: attributesLookupSchema,
  [LOOKUP_METHOD.statusMarket]: statusMarketLookupSchema,
  [LOOKUP_METHOD.creationDate]: creationDateLookupSchema,
  [LOOKUP_METHOD.operationsReport]: reportLookupSchema(LOOKUP_METHOD.operationsReport),
  [LOOKUP_METHOD.reconciliationReport]: reportLookupSchema(LOOKUP_METHOD.reconciliationReport),
  [LOOKUP_METHOD.bushBedReport]: reportLookupSchema(LOOKUP_METHOD.bushBedReport),
  [LOOKUP_METHOD.cellphone]: cellphoneLookupSchema,
} as const satisfies Record<LookupMethod, z.ZodType<LookupSearch>>;

/**
 * The wizard's values checked by their method's rules: what they search, or the first problem of each field. No
 * method chosen (or one the wizard does not know) answers 'Field is required' on the method.
 */
export function checkLookup(values: LookupFormValues): { search: LookupSearch } | { errors: Issues } {
  const method = Number(values.method);
  const schema = Object.hasOwn(LOOKUP_SCHEMAS, values.method) ? LOOKUP_SCHEMAS[method as LookupMethod] : undefined;
  if (values.method === '' || !schema) return { errors: { method: LOOKUP_MESSAGES.required } };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { search: parsed.data };
  const errors: Issues = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof LookupFormValues | undefined;
    if (name !== undefined) errors[name] ??= issue.message;
  }
  return { errors };
}

/** `filter[a]=1&filter[b]=x%20y`: the list API's filter string (brackets readable, values encoded). */
export function lookupFilterString(filters: Readonly<Record<string, string>>): string {
  return Object.entries(filters)
    .map(([name, value]) => `filter[${name}]=${encodeURIComponent(value)}`)
    .join('&');
}

/** `?week=12&crew=4`: the query string of a report page, with only the parameters given. */
export function lookupReportQuery(params: Readonly<Partial<Record<LookupReportParam, string>>>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/**
 * The day a note look-up starts on: yesterday, or on a Monday the Friday before (three days back), so the first
 * look-up of the week covers the last working day.
 */
export function defaultNoteLookupDate(today: IsoDate): IsoDate {
  return addDays(today, isoDayOfWeek(today) === 1 ? -3 : -1);
}

/** The note type a note look-up starts with: call notes. */
export const DEFAULT_NOTE_LOOKUP_TYPE = String(NOTE_TYPE.call);
