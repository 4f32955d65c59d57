import { APP_PATHS, CUSTOMER_FILTERS, isSearchableText, tidySearchText, type CustomerFilter } from '@lawn/shared';
import { gridSearchQuery, type GridSearch } from '../../lib/grid-search';
import type { CustomerSearchState } from '../../lib/app-store';

export type CustomerFilterValues = Partial<Record<CustomerFilter, string>>;

const FILTER_KEY = /^filter\[(\w+)\]$/;

function isCustomerFilter(name: string): name is CustomerFilter {
  return (CUSTOMER_FILTERS as readonly string[]).includes(name);
}

/**
 * Reads `filter[x]=v&...` (the spec's filter string); unknown names are dropped, and so are empty values unless
 * `keepEmpty` (an empty value names a filter to mean "any", so the list's default for it does not apply).
 */
export function parseFilter(text: unknown, { keepEmpty = false }: { keepEmpty?: boolean } = {}): CustomerFilterValues {
  if (typeof text !== 'string' || text === '') return {};
  const filter: CustomerFilterValues = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const name = FILTER_KEY.exec(key)?.[1];
    if (name && isCustomerFilter(name) && (keepEmpty || value !== '')) filter[name] = value;
  }
  return filter;
}

export function filterQuery(filter: CustomerFilterValues): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) query[`filter[${name}]`] = value;
  return query;
}

/** `filter[status]=2&filter[market]=1`: brackets left readable, values encoded. */
export function filterString(filter: CustomerFilterValues): string {
  return Object.entries(filterQuery(filter))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Query of GET /api/customers for one page: the API counts pages from 1, the grid from 0. */
export function customerListQuery(search: GridSearch, filter: CustomerFilterValues): Record<string, string | number> {
  return {
    render: 'paginate',
    page: search.page + 1,
    limit: search.pageSize,
    sort: search.sort,
    include: 'userEdit,userNote',
    ...filterQuery(filter),
  };
}

/** The list URL's parameter that keeps the search box's text, so a reload or a shared link searches again. */
export const SEARCH_PARAM = 'search';

/** What a typed text searches for: the tidied text, or '' when it is too short to search. */
export function searchTextOf(typed: string | null): string {
  return typed !== null && isSearchableText(typed) ? tidySearchText(typed) : '';
}

/** The list's filter: the list's own, a lookup's (route state) and the search box's text. */
export function listFilter(base: CustomerFilterValues, lookupFilter: string, searchText: string): CustomerFilterValues {
  return { ...base, ...parseFilter(lookupFilter), ...(searchText === '' ? {} : { search: searchText }) };
}

/** What a list hands to itself through route state: a lookup's extra filter. */
export type CustomerListLocationState = { filter?: string };

/**
 * Whether a lookup's filter string is the cellphone customers look-up (`filter[isCellphone]=true`, or 1 as the
 * list API also reads it): its results are exported as EXCEL only, so CSV and PDF are offered disabled.
 */
export function isCellphoneLookup(lookupFilter: string): boolean {
  const value = new URLSearchParams(lookupFilter).get('filter[isCellphone]');
  return value === 'true' || value === '1';
}

export function readListLocationState(state: unknown): CustomerListLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const filter = (state as Record<string, unknown>).filter;
  return typeof filter === 'string' && filter !== '' ? { filter } : {};
}

/** Back to the last search shown (after a delete); the plain customer list when there is none. */
export function lastSearchTarget(search: CustomerSearchState | null): {
  to: string;
  state: CustomerListLocationState | undefined;
} {
  if (!search) return { to: APP_PATHS.customerList, state: undefined };
  const text = search.text === '' ? '' : `&${new URLSearchParams({ [SEARCH_PARAM]: search.text }).toString()}`;
  return {
    // A list's path may name its view already (`/customer?view=bushBed`).
    to: `${search.path}${search.path.includes('?') ? '&' : '?'}${gridSearchQuery(search)}${text}`,
    state: search.filter ? { filter: search.filter } : undefined,
  };
}
