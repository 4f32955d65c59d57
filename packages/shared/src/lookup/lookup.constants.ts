import { CARD_TYPES, CUSTOMER_STATUSES, FREQUENCIES, MOW_DAYS } from '../customers/customer.constants';

/** The lookup wizard's search methods, by the codes the saved reports have always used. */
export const LOOKUP_METHOD = {
  basic: 1,
  workWeeks: 2,
  attributes: 9,
  statusMarket: 10,
  creationDate: 11,
  operationsReport: 12,
  reconciliationReport: 13,
  bushBedReport: 14,
  cellphone: 15,
} as const;
export type LookupMethod = (typeof LOOKUP_METHOD)[keyof typeof LOOKUP_METHOD];

/** The method select's labels, by code. */
export const LOOKUP_METHODS: Readonly<Record<LookupMethod, string>> = {
  1: 'Basic search',
  2: 'Work weeks',
  9: 'Skips, write ins and redos',
  10: 'Status and market',
  11: 'Accounts with pending size verification',
  12: 'Operations report',
  13: 'Reconciliation report',
  14: 'Bush-bed report',
  15: 'Active customers with mobiles',
};

/** The wizard's texts. */
export const LOOKUP_MESSAGES = {
  required: 'Field is required',
  minThree: 'Min. 3 characters',
  selectParameter: 'Select a parameter',
  dateInvalid: 'Date is not valid',
  dateMax: 'Choose a date up to 12/31/2050',
  startAfterEnd: 'The start date cannot be after the end date',
  noParameter: 'Please select at least one search parameter.',
  noResultsTitle: 'oops',
  noResults: 'No customer profiles match your search parameters',
  failed: 'Has had an error, try again later.',
  savedTitle: 'Great!',
  saved: 'Your search has been saved successfully, you can find it in your search list',
  deleteConfirm: 'Are you sure to delete this query?',
  deleted: 'The search was deleted',
} as const;

/** The latest date a lookup takes. */
export const LOOKUP_DATE_MAX = '2050-12-31';

/**
 * Last-name buckets: the first letter of the customer's last name, case-insensitive, as a range [from, to) of the
 * lower-cased name in byte order ('{' is the character after 'z'), so one B-tree range serves each bucket.
 */
export const LAST_NAME_BUCKETS = {
  'A-F': { from: 'a', to: 'g' },
  'G-M': { from: 'g', to: 'n' },
  'N-Z': { from: 'n', to: '{' },
} as const;
export type LastNameBucket = keyof typeof LAST_NAME_BUCKETS;

/** The choices an attribute look-up combines: status, and the properties with a skip, write-in, redo or note. */
export const LOOKUP_ATTRIBUTES = {
  status: 'Status',
  skip: 'Skips date',
  write: 'Write in date',
  redo: 'Redo date',
  note: 'Note date',
} as const;
export type LookupAttribute = keyof typeof LOOKUP_ATTRIBUTES;

/** Where a dropdown field of the basic search takes its choices: a fixed list, or a list the API answers. */
export type BasicFieldOptions =
  | { kind: 'codes'; labels: Readonly<Record<number, string>> }
  | { kind: 'weeks' }
  | { kind: 'lastNameBuckets' }
  | { kind: 'markets' }
  | { kind: 'csrs' };

/** The kinds of field of the basic search's picker. */
export type BasicSearchField =
  | { code: number; label: string; kind: 'text'; filter: string; minLength?: number }
  | { code: number; label: string; kind: 'select'; filter: string; options: BasicFieldOptions }
  | { code: number; label: string; kind: 'date'; filter: string }
  /** A how-heard source with a creation date range ("by source range"). */
  | { code: number; label: string; kind: 'sourceRange'; filter: string };

/** The code of the "by source range" field: it takes the source (about) and a start and an end date. */
export const SOURCE_RANGE_FIELD = 19;

/** The basic search's fields (`searchBasic`), each with the list filter it sends. */
export const BASIC_SEARCH_FIELDS: readonly BasicSearchField[] = [
  { code: 1, label: 'Name', kind: 'text', filter: 'fullName', minLength: 3 },
  { code: 2, label: 'Service address', kind: 'text', filter: 'serviceAddress', minLength: 3 },
  { code: 3, label: 'Account number', kind: 'text', filter: 'customerId' },
  { code: 4, label: 'Status', kind: 'select', filter: 'status', options: { kind: 'codes', labels: CUSTOMER_STATUSES } },
  { code: 5, label: 'Mow weekday', kind: 'select', filter: 'weekDay', options: { kind: 'codes', labels: MOW_DAYS } },
  { code: 6, label: 'Week number', kind: 'select', filter: 'week', options: { kind: 'weeks' } },
  { code: 7, label: 'Mapsco', kind: 'text', filter: 'mapsco' },
  { code: 8, label: 'MapA', kind: 'text', filter: 'mapA' },
  { code: 9, label: 'Mapsco grid', kind: 'text', filter: 'mapscoGrid' },
  { code: 10, label: 'Creation date', kind: 'date', filter: 'createdAt' },
  { code: 11, label: 'Phone', kind: 'text', filter: 'contactNumber' },
  { code: 12, label: 'Market', kind: 'select', filter: 'market', options: { kind: 'markets' } },
  { code: 13, label: 'Future cancel week', kind: 'select', filter: 'futureCancel', options: { kind: 'weeks' } },
  { code: 14, label: 'Send schedule week', kind: 'select', filter: 'sendSchedule', options: { kind: 'weeks' } },
  {
    code: 15,
    label: 'Frequency',
    kind: 'select',
    filter: 'srvFrecuency',
    options: { kind: 'codes', labels: FREQUENCIES },
  },
  { code: 16, label: 'Signed by', kind: 'select', filter: 'signedBy', options: { kind: 'csrs' } },
  { code: 17, label: 'Card type', kind: 'select', filter: 'cardType', options: { kind: 'codes', labels: CARD_TYPES } },
  { code: 18, label: 'Last name', kind: 'select', filter: 'lastNameBucket', options: { kind: 'lastNameBuckets' } },
  { code: SOURCE_RANGE_FIELD, label: 'By source range', kind: 'sourceRange', filter: 'source' },
];

export function basicSearchField(code: number): BasicSearchField | undefined {
  return BASIC_SEARCH_FIELDS.find((field) => field.code === code);
}

/** The report pages methods 12, 13 and 14 open, with the week, day, crew, market and year in their query string. */
export const LOOKUP_REPORT_PARAMS = ['week', 'weekDay', 'crew', 'market', 'year'] as const;
export type LookupReportParam = (typeof LOOKUP_REPORT_PARAMS)[number];
