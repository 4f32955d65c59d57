import {
  addDays,
  calendarDateIn,
  CARD_TYPES,
  defaultNoteLookupDate,
  HOW_HEARD,
  ID_RANGE,
  isIsoDate,
  isValidWeek,
  LAST_NAME_BUCKETS,
  LOOKUP_DATE_MAX,
  MOW_YEAR_RANGE,
  mowYearOf,
  NOTE_TYPE,
  NOTE_TYPES,
  startOfDayIn,
  weekRange,
  WEEKS_LIMIT,
  type IsoDate,
  type LastNameBucket,
  type ServiceNoteType,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_INCLUDES,
  CUSTOMER_LIST_DEFAULT_FILTERS,
  CUSTOMER_SEARCH_MAX_LENGTH,
  CUSTOMER_SEARCH_MIN_LENGTH,
  CUSTOMER_STATUSES,
  customerSearchTerm,
  FREQUENCIES,
  MOW_DAYS,
  normalizePhone,
  ZIP_PATTERN,
  ORDER_STATUSES,
  type CustomerFilter,
  type CustomerSearchTerm,
} from '@lawn/shared';
import { and, between, eq, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { notes, properties, propertyPrices, propertySchedules, serviceNotes } from '../../db/schema';
import { badRequest, type FieldErrors } from '../../http/errors';
import {
  containsFilter,
  equalsFilter,
  escapeLike,
  filter,
  parseListQuery,
  type FilterDefinition,
  type ListDefinition,
  type ListQuery,
} from '../../http/list-query';

export type CustomerInclude = (typeof CUSTOMER_INCLUDES)[number];
export type CustomerListQuery = ListQuery<CustomerInclude>;

/** "first last" from the property's copy of its customer's name: the expression of properties_name_trgm_idx. */
export const fullNameExpression = sql`(${properties.customerFirstName} || ' ' || ${properties.customerLastName})`;

const codesOf = (labels: Record<number, string>) => Object.keys(labels).map(Number);
const code = (labels: Record<number, string>) =>
  z.coerce
    .number()
    .int()
    .refine((value) => codesOf(labels).includes(value));
/** '0 Pending, 1 Approved, 2 Rejected': a code list for the API documentation. */
const describeCodes = (labels: Record<number, string>) =>
  Object.entries(labels)
    .map(([value, label]) => `${value} ${label}`)
    .join(', ');
const E_CHECK_VALUES = ['null', 'echeck', 'e-check'];

/** cardType=4,5 or cardType=null (e-check), or both. */
const cardTypeFilter: FilterDefinition = filter(
  z
    .string()
    .refine((value) => E_CHECK_VALUES.includes(value.toLowerCase()) || code(CARD_TYPES).safeParse(value).success),
  (values) => {
    const isECheck = values.some((value) => E_CHECK_VALUES.includes(value.toLowerCase()));
    const cards = values.filter((value) => !E_CHECK_VALUES.includes(value.toLowerCase())).map(Number);
    return or(
      cards.length > 0 ? inArray(properties.cardType, cards) : undefined,
      isECheck ? isNull(properties.cardType) : undefined,
    );
  },
  { description: 'Card type: 3 American Express, 4 Visa, 5 Mastercard, 6 Discover, null (or echeck) E-Check' },
);

/** Account number: exact, or every account starting with the given digits. */
const accountFilter: FilterDefinition = filter(
  z.string().regex(/^[A-Za-z0-9-]{1,20}$/),
  (values) => or(...values.map((value) => like(properties.accountNumber, `${escapeLike(value)}%`))),
  { description: 'Account number or its beginning' },
);

/** Phone in any mask; the stored digits must start with the digits given (all 10 = exact). */
const phoneFilter: FilterDefinition = filter(
  z
    .string()
    .transform((text) => (text.trim().startsWith('+1') ? text.replace(/\D/g, '').slice(1) : normalizePhone(text)))
    .pipe(z.string().regex(/^\d{3,10}$/)),
  (values) => or(...values.map((digits) => like(properties.customerPhone, `${digits}%`))),
  { multiple: false, description: 'Phone number (any mask), whole or its first digits' },
);

/**
 * The search box's one text (docs/adr/0021): digits are the beginning of an account number or a phone number (B-tree
 * prefix scans); a text with an '@' is part of an e-mail address; any other text is part of the name, the service
 * address or the e-mail address (pg_trgm GIN indexes, one per column).
 */
function searchCondition(term: CustomerSearchTerm): SQL | undefined {
  switch (term.kind) {
    case 'number':
      return or(
        like(properties.accountNumber, `${escapeLike(term.digits)}%`),
        like(properties.customerPhone, `${escapeLike(term.phoneDigits)}%`),
      );
    case 'email':
      return ilike(properties.customerEmail, `%${escapeLike(term.text)}%`);
    case 'text': {
      const pattern = `%${escapeLike(term.text)}%`;
      return or(
        ilike(fullNameExpression, pattern),
        ilike(properties.serviceAddress, pattern),
        ilike(properties.customerEmail, pattern),
      );
    }
  }
}

const searchFilter: FilterDefinition = filter(
  z.string().max(CUSTOMER_SEARCH_MAX_LENGTH),
  (values) =>
    or(
      ...values.flatMap((text) => {
        const term = customerSearchTerm(text);
        return term ? [searchCondition(term)] : [];
      }),
    ),
  {
    multiple: false,
    problemOf: (text) =>
      customerSearchTerm(text) === null ? `type at least ${CUSTOMER_SEARCH_MIN_LENGTH} letters or digits` : undefined,
    description:
      'Search box: digits find account numbers and phone numbers that start with them; a text with @ finds e-mail ' +
      'addresses that contain it; any other text finds names, service addresses and e-mail addresses that contain it. ' +
      'At least 3 letters or digits.',
  },
);

const cityFilter: FilterDefinition = filter(
  z.string().trim().min(1).max(100),
  (values) =>
    inArray(
      sql`lower(${properties.city})`,
      values.map((value) => value.toLowerCase()),
    ),
  { description: 'City (case-insensitive)' },
);

const booleanFilter = (where: (value: boolean) => SQL, description: string): FilterDefinition =>
  filter(
    z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
    (values) => (values.length === 1 ? where(values[0] as boolean) : undefined),
    { description },
  );

/** A date range, `YYYY-MM-DD` (that one day) or `from,to` (both days included), up to 12/31/2050. */
type DateRange = { from: IsoDate; to: IsoDate };
const dateRangeValue = z.string().transform((text, context) => {
  const [from = '', to = from, ...rest] = text.split(',').map((part) => part.trim());
  if (rest.length > 0 || !isIsoDate(from) || !isIsoDate(to) || from > to || to > LOOKUP_DATE_MAX) {
    context.addIssue({ code: 'custom', message: 'expected YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD' });
    return z.NEVER;
  }
  return { from, to };
});
const dateRangeFilter = (where: (range: DateRange) => SQL, description: string): FilterDefinition =>
  filter(dateRangeValue, (values) => (values[0] ? where(values[0]) : undefined), {
    multiple: false,
    description: `${description}: YYYY-MM-DD, or YYYY-MM-DD,YYYY-MM-DD for a range (both days included)`,
  });

/** Created on the days of the range in the business's time zone. */
const createdAtFilter = dateRangeFilter(
  ({ from, to }) =>
    and(gte(properties.createdAt, startOfDayIn(from)), lt(properties.createdAt, startOfDayIn(addDays(to, 1)))) as SQL,
  'Created on a day (business time zone)',
);

/**
 * Properties with a skip, write-in or redo whose day is in the range. A semi-join on the service notes' own index
 * (type, workday, property); the list's other filters and sort still run on properties.
 */
const serviceNoteFilter = (type: ServiceNoteType, label: string): FilterDefinition =>
  dateRangeFilter(
    ({ from, to }) =>
      inArray(
        properties.id,
        sql`(select ${serviceNotes.propertyId} from ${serviceNotes} where ${serviceNotes.type} = ${type} and ${between(serviceNotes.workday, from, to)})`,
      ),
    `Has a ${label} on a day`,
  );

/** Mapsco references are kept uppercase (25K): the filter matches them in any case. */
const mapsco = z
  .string()
  .trim()
  .min(1)
  .max(10)
  .transform((value) => value.toUpperCase());

const lastNameBucketFilter: FilterDefinition = filter(
  z.enum(Object.keys(LAST_NAME_BUCKETS) as [LastNameBucket, ...LastNameBucket[]]),
  (values) =>
    or(
      ...values.map((bucket) => {
        const { from, to } = LAST_NAME_BUCKETS[bucket];
        const lastName = sql`lower(${properties.customerLastName})`;
        return and(gte(lastName, from), lt(lastName, to));
      }),
    ),
  { description: `The customer's last name starts with a letter of: ${Object.keys(LAST_NAME_BUCKETS).join(', ')}` },
);

/** A filter whose condition is built with another one's values (see `combinedConditions`): it checks its values. */
const qualifierFilter = <T>(value: z.ZodType<T>, description: string, multiple = true): FilterDefinition =>
  filter(value, () => undefined, { description, multiple });

const weekNumber = z.coerce.number().int().min(1).max(WEEKS_LIMIT);
const mowYear = z.coerce.number().int().min(MOW_YEAR_RANGE.min).max(MOW_YEAR_RANGE.max);

export const isCardExpiredExpression = sql<boolean>`(${properties.cardType} is not null and ${properties.cardExpiry} < current_date)`;

const filters: Record<CustomerFilter | 'isCardExpired', FilterDefinition> = {
  statusOrders: equalsFilter(
    properties.statusOrders,
    code(ORDER_STATUSES),
    `Order status: ${describeCodes(ORDER_STATUSES)} (default ${CUSTOMER_LIST_DEFAULT_FILTERS.statusOrders}; send it empty for all)`,
  ),
  status: equalsFilter(
    properties.status,
    code(CUSTOMER_STATUSES),
    `Status: ${describeCodes(CUSTOMER_STATUSES)} (default ${CUSTOMER_LIST_DEFAULT_FILTERS.status}; send it empty for all)`,
  ),
  market: equalsFilter(properties.marketId, z.coerce.number().int().positive(), 'Market id'),
  crew: equalsFilter(properties.crew, z.coerce.number().int().positive(), 'Crew number'),
  zipcode: equalsFilter(properties.zipcode, z.string().regex(ZIP_PATTERN), 'Zip code (5 digits)'),
  city: cityFilter,
  state: equalsFilter(
    properties.state,
    z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((value) => value.toUpperCase()),
    'State code, e.g. TX',
  ),
  weekDay: equalsFilter(properties.weekDay, code(MOW_DAYS), 'Mow day: 1 Monday ... 6 Saturday, 7 Any day'),
  srvFrecuency: equalsFilter(properties.srvFrequency, code(FREQUENCIES), 'Frequency: 1 Weekly ... 4 Drought'),
  cardType: cardTypeFilter,
  fullName: containsFilter(fullNameExpression, 'Part of the "first last" name'),
  serviceAddress: containsFilter(properties.serviceAddress, 'Part of the service address'),
  customerId: accountFilter,
  contactNumber: phoneFilter,
  email: containsFilter(properties.customerEmail, 'Part of the e-mail address'),
  search: searchFilter,
  week: qualifierFilter(
    weekNumber,
    'Has a service (a workday of its schedule, hand-made changes included) in mow week 1-53 of filter[year]',
  ),
  year: qualifierFilter(mowYear, 'The mow year of filter[week] (default: the current mow year)', false),
  isCellphone: booleanFilter(
    (isCellphone) => eq(properties.customerIsCellphone, isCellphone),
    "true: the customer's phone is a cellphone; false: it is not",
  ),
  createdAt: createdAtFilter,
  futureCancel: equalsFilter(properties.futureCancel, weekNumber, 'Future cancel week (1-53)'),
  sendSchedule: equalsFilter(properties.sendSchedule, weekNumber, 'Send schedule week (1-53)'),
  signedBy: equalsFilter(
    properties.csrUserId,
    z.coerce.number().int().min(ID_RANGE.min).max(ID_RANGE.max),
    'Signed by: the id of the user (CSR) who signed the customer up',
  ),
  source: equalsFilter(
    properties.howHeard,
    code(HOW_HEARD),
    `How the customer heard of us: ${describeCodes(HOW_HEARD)}`,
  ),
  mapsco: equalsFilter(properties.mapsco, mapsco, 'Mapsco page (any case)'),
  mapA: equalsFilter(properties.mapA, mapsco, 'MapA page (any case)'),
  mapscoGrid: equalsFilter(properties.mapscoGrid, mapsco, 'Mapsco grid square (any case)'),
  lastNameBucket: lastNameBucketFilter,
  isApproved: booleanFilter(
    (isApproved) => eq(properties.isApproved, isApproved),
    'true: the order is approved; false: not approved (yet)',
  ),
  skipDate: serviceNoteFilter('skip', 'skip'),
  writeDate: serviceNoteFilter('write', 'write-in'),
  redoDate: serviceNoteFilter('redo', 'redo'),
  noteDate: qualifierFilter(
    dateRangeValue,
    `Has a note of filter[noteType] (default ${NOTE_TYPE.call}) dated on a day: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD`,
    false,
  ),
  noteType: qualifierFilter(
    code(NOTE_TYPES),
    `Has a note of this type (${describeCodes(NOTE_TYPES)}) dated on filter[noteDate] (default yesterday; on Mondays the Friday before)`,
  ),
  isCardExpired: booleanFilter(
    (isExpired) => (isExpired ? isCardExpiredExpression : sql`not ${isCardExpiredExpression}`),
    'true: card on file has expired; false: not expired or e-check',
  ),
};

/** Filters the maintained count table can answer (docs/adr/0004). */
export const COUNT_TABLE_FILTERS: ReadonlySet<string> = new Set(['statusOrders', 'status', 'market', 'isCellphone']);
/** Filters the maintained week count table can answer when one week is asked (docs/adr/0044). */
export const WEEK_COUNT_TABLE_FILTERS: ReadonlySet<string> = new Set([
  'statusOrders',
  'status',
  'market',
  'week',
  'year',
]);

/**
 * GET /api/customers: live properties. The customer's name, e-mail and phone, the market name and the staff names are
 * read from the property's trigger-kept copies (ADR 0004), so every filter and sort is on one table with an index.
 */
export const customersList: ListDefinition<CustomerInclude> = {
  filters,
  sorts: {
    id: properties.id,
    // The cluster collates byte-wise, so names sort case-insensitively by hand: first name, then last name.
    fullName: [sql`lower(${properties.customerFirstName})`, sql`lower(${properties.customerLastName})`],
    serviceAddress: sql`lower(${properties.serviceAddress})`,
    customerId: properties.accountNumber,
    marketName: sql`lower(${properties.marketName})`,
    statusName: properties.status,
    crew: properties.crew,
    city: sql`lower(${properties.city})`,
    state: properties.state,
    zipcode: properties.zipcode,
    subtotalMowing: propertyPrices.subtotalMowing,
    totalMowing: propertyPrices.totalMowing,
    taxRate: properties.taxRate,
    cardType: properties.cardType,
    contactNumber: properties.customerPhone,
    email: sql`lower(${properties.customerEmail})`,
    updatedAt: properties.updatedAt,
    // The author's "first last" name; records without one sort last (first when descending).
    userEdit: sql`lower(${properties.lastEditedByName})`,
    userNote: sql`lower(${properties.lastNoteByName})`,
  },
  includes: CUSTOMER_INCLUDES,
  defaultSort: CUSTOMER_DEFAULT_SORT,
  defaultLimit: 50,
  tiebreak: properties.id,
};

/** The list's default filters, each applied unless the request names it (an empty value names it too: "any"). */
export function withDefaultFilters(raw: Record<string, unknown>): Record<string, unknown> {
  const result = { ...raw };
  for (const [name, value] of Object.entries(CUSTOMER_LIST_DEFAULT_FILTERS)) {
    const key = `filter[${name}]`;
    if (result[key] === undefined) result[key] = value;
  }
  return result;
}

/** Names of the filters that actually constrain the query (an empty value, e.g. `filter[status]=`, means any). */
export function activeFilters(query: CustomerListQuery): string[] {
  return Object.entries(query.filters)
    .filter(([, values]) => values.length > 0)
    .map(([name]) => name);
}

/** Properties with a service on one of the days: their workdays (the plan with hand-made changes) overlap them. */
function servicedOn(year: number, days: readonly IsoDate[]): SQL {
  // Raw SQL: the builder has no array-overlap (&&) on a date[] column; the GIN index on workdays serves it.
  const dayList = sql.join(
    days.map((day) => sql`${day}`),
    sql`, `,
  );
  return inArray(
    properties.id,
    sql`(select ${propertySchedules.propertyId} from ${propertySchedules} where ${propertySchedules.year} = ${year} and ${propertySchedules.workdays} && array[${dayList}]::date[])`,
  );
}

/** Properties with a note of one of the types dated in the range. */
function notedOn(types: readonly number[], { from, to }: DateRange): SQL {
  return inArray(
    properties.id,
    sql`(select ${notes.propertyId} from ${notes} where ${inArray(notes.typeId, [...types])} and ${between(notes.serviceDate, from, to)})`,
  );
}

/**
 * The conditions of the filters that qualify each other: the week with its year (default the mow year of today), and
 * the note look-up's type with its date (default call notes; yesterday, or the Friday before on a Monday).
 */
function combinedConditions(
  query: CustomerListQuery,
  today: IsoDate,
): { where: SQL[]; year: number } | { errors: FieldErrors } {
  const values = <T>(name: CustomerFilter) => (query.filters[name] ?? []) as T[];
  const where: SQL[] = [];
  const weeks = values<number>('week');
  const [year = mowYearOf(today)] = values<number>('year');
  if (weeks.length > 0) {
    const missing = weeks.filter((week) => !isValidWeek(year, week));
    if (missing.length > 0)
      return { errors: { 'filter[week]': [`Mow year ${year} has no week ${missing.join(', ')}`] } };
    where.push(
      servicedOn(
        year,
        weeks.flatMap((week) => Array.from({ length: 7 }, (_, day) => addDays(weekRange(year, week).start, day))),
      ),
    );
  } else if (values('year').length > 0) {
    return { errors: { 'filter[year]': ['Send the year together with filter[week]'] } };
  }
  const noteTypes = values<number>('noteType');
  const [noteDate] = values<DateRange>('noteDate');
  if (noteTypes.length > 0 || noteDate) {
    const day = defaultNoteLookupDate(today);
    where.push(notedOn(noteTypes.length > 0 ? noteTypes : [NOTE_TYPE.call], noteDate ?? { from: day, to: day }));
  }
  return { where, year };
}

/**
 * GET /api/customers's query: the list's own parsing with its default filters, then the filters that qualify each
 * other. `today` (the business's calendar day) gives the week's default year and the note look-up's default day.
 */
export function parseCustomerListQuery(
  raw: Record<string, unknown>,
  today: IsoDate = calendarDateIn(new Date()),
): { query: CustomerListQuery } | { errors: FieldErrors } {
  const parsed = parseListQuery(customersList, withDefaultFilters(raw));
  if ('errors' in parsed) return parsed;
  const combined = combinedConditions(parsed.query, today);
  if ('errors' in combined) return combined;
  const { filters } = parsed.query;
  return {
    query: {
      ...parsed.query,
      where: and(parsed.query.where, ...combined.where),
      // The week's year is resolved here (its default is today's mow year), so the count reads the same year.
      filters: (filters['week'] ?? []).length > 0 ? { ...filters, year: [combined.year] } : filters,
    },
  };
}

/** For callers outside a route (exports): the same defaults and the same 400 (HttpError) as GET /api/customers. */
export function parseCustomerListQueryOrThrow(raw: Record<string, unknown>): CustomerListQuery {
  const result = parseCustomerListQuery(raw);
  if ('errors' in result) throw badRequest(undefined, result.errors);
  return result.query;
}

/** `eq` on the property id, for the single-record reads. */
export const byPropertyId = (id: number) => and(eq(properties.id, id), isNull(properties.deletedAt));
