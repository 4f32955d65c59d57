import {
  APP_PATHS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_LIST_DEFAULT_FILTERS,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SORTS,
  ID_RANGE,
  NOTE_TYPE,
} from '@lawn/shared';
import type { GridSearch } from '../../lib/grid-search';
import { RECORD_ID_PARAM } from '../../lib/record-link';
import { LOWER_TAB, UPPER_TAB } from './components/RecordTabs';
import { filterQuery, filterString, parseFilter, type CustomerFilterValues } from './customer-list-search';

/** The list a record was opened from: its whole filter, its sort, and the page the list showed. */
export type RecordList = { filter: CustomerFilterValues; sort: string; page: number; pageSize: number };

/** What the record screen's query says. */
export type RecordSearch = {
  /** The record's property id (`id`): the record the link opens; null when only its position is known. */
  id: number | null;
  /** The record's position in its list, from 1 ('n' of 'n of total'); null when it was not opened from a list. */
  position: number | null;
  list: RecordList;
  /** Index of the upper tab (`key`) and of the lower tab (`tap`). */
  upperTab: number;
  lowerTab: number;
};

const PAGE_SIZE_MAX = Math.max(...CUSTOMER_PAGE_SIZES);

function wholeNumber(value: string | null, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

function knownSort(sort: string | null): string {
  const name = sort?.startsWith('-') ? sort.slice(1) : sort;
  return sort && (CUSTOMER_SORTS as readonly string[]).includes(name ?? '') ? sort : CUSTOMER_DEFAULT_SORT;
}

/**
 * Reads id, record, page, pageSize, sortCustom, filterCustom, key and tap; anything missing or unreadable falls back
 * to the customer list's defaults. The filter keeps empty values, which mean "any" to the list.
 */
export function readRecordSearch(params: URLSearchParams): RecordSearch {
  const filterText = params.get('filterCustom');
  return {
    id: wholeNumber(params.get(RECORD_ID_PARAM), ID_RANGE.min, ID_RANGE.max),
    position: wholeNumber(params.get('record'), 1),
    list: {
      filter: filterText === null ? { ...CUSTOMER_LIST_DEFAULT_FILTERS } : parseFilter(filterText, { keepEmpty: true }),
      sort: knownSort(params.get('sortCustom')),
      page: wholeNumber(params.get('page'), 0) ?? 0,
      pageSize: wholeNumber(params.get('pageSize'), 1, PAGE_SIZE_MAX) ?? CUSTOMER_PAGE_SIZES[0],
    },
    upperTab: wholeNumber(params.get('key'), 0) ?? 0,
    lowerTab: wholeNumber(params.get('tap'), 0) ?? 0,
  };
}

/**
 * The record screen's URL for this search: the record's id when it is known, the list's place when it was opened from
 * a list (activeOrderStatus repeats the list's order status), and the tabs.
 */
export function recordHref(search: RecordSearch): string {
  const { list } = search;
  const id: Record<string, string> = search.id === null ? {} : { [RECORD_ID_PARAM]: String(search.id) };
  const tabs = { key: String(search.upperTab), tap: String(search.lowerTab) };
  const query = new URLSearchParams(
    search.position === null
      ? { ...id, ...tabs }
      : {
          ...id,
          record: String(search.position),
          page: String(list.page),
          pageSize: String(list.pageSize),
          sortCustom: list.sort,
          filterCustom: filterString(list.filter),
          activeOrderStatus: list.filter.statusOrders ?? CUSTOMER_LIST_DEFAULT_FILTERS.statusOrders,
          ...tabs,
        },
  );
  return `${APP_PATHS.editCustomer}?${query.toString()}`;
}

/** The tab of each note type that has one: where the record opens after a look-up of notes of that type. */
const NOTE_TABS: Readonly<Record<number, { upperTab: number; lowerTab: number }>> = {
  [NOTE_TYPE.call]: { upperTab: UPPER_TAB.callNotes, lowerTab: LOWER_TAB.privateNote },
  [NOTE_TYPE.private]: { upperTab: UPPER_TAB.callNotes, lowerTab: LOWER_TAB.privateNote },
  [NOTE_TYPE.specialRequest]: { upperTab: UPPER_TAB.specialRequest, lowerTab: LOWER_TAB.privateNote },
  [NOTE_TYPE.billing]: { upperTab: UPPER_TAB.callNotes, lowerTab: LOWER_TAB.billingNotes },
};

/** The tabs a record opens on: those of the notes a look-up searched (call notes by default), else the first ones. */
function tabsOf(filter: CustomerFilterValues): { upperTab: number; lowerTab: number } {
  const first = { upperTab: UPPER_TAB.callNotes, lowerTab: LOWER_TAB.privateNote };
  if (filter.noteType === undefined && filter.noteDate === undefined) return first;
  return NOTE_TABS[Number((filter.noteType ?? String(NOTE_TYPE.call)).split(',')[0])] ?? first;
}

/**
 * The record `id` at `position` (1-based) of a list page's search, carrying the list's place in its query so the
 * record can step through that same list and lead back to it.
 */
export function editCustomerHref(
  id: number,
  position: number,
  search: GridSearch,
  filter: CustomerFilterValues,
): string {
  return recordHref({ id, position, list: { filter, ...search }, ...tabsOf(filter) });
}

/**
 * The same search at another position of the list, on the list page that holds it. Its record is not known yet: the
 * record screen asks the list for the one at that position.
 */
export function atPosition(search: RecordSearch, position: number): RecordSearch {
  return {
    ...search,
    id: null,
    position,
    list: { ...search.list, page: Math.floor((position - 1) / search.list.pageSize) },
  };
}

/**
 * GET /api/customers for the one row at `position` of the list, with the list's filter and sort: the row's id and
 * the list's total, without fetching the list (a page of one row, numbered by the position).
 */
export function positionQuery(list: RecordList, position: number): Record<string, string | number> {
  return { render: 'paginate', page: position, limit: 1, sort: list.sort, ...filterQuery(list.filter) };
}
