import {
  CARD_TYPES,
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
import { and, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { properties } from '../../db/schema';
import {
  containsFilter,
  equalsFilter,
  escapeLike,
  filter,
  parseListQuery,
  parseListQueryOrThrow,
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
  isCardExpired: booleanFilter(
    (isExpired) => (isExpired ? isCardExpiredExpression : sql`not ${isCardExpiredExpression}`),
    'true: card on file has expired; false: not expired or e-check',
  ),
};

/** Filters the maintained count table can answer (docs/adr/0004). */
export const COUNT_TABLE_FILTERS: ReadonlySet<string> = new Set(['statusOrders', 'status', 'market']);

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
    subtotalMowing: properties.subtotalMowing,
    totalMowing: properties.totalMowing,
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

export function parseCustomerListQuery(raw: Record<string, unknown>) {
  return parseListQuery(customersList, withDefaultFilters(raw));
}

/** For callers outside a route (exports): the same defaults and the same 400 (HttpError) as GET /api/customers. */
export function parseCustomerListQueryOrThrow(raw: Record<string, unknown>): CustomerListQuery {
  return parseListQueryOrThrow(customersList, withDefaultFilters(raw));
}

/** `eq` on the property id, for the single-record reads. */
export const byPropertyId = (id: number) => and(eq(properties.id, id), isNull(properties.deletedAt));
