import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A server-paginated grid's place: page is 0-based as the grid counts; calls send page + 1. */
export type GridSearch = { page: number; pageSize: number; sort: string };

export type GridSearchOptions = {
  pageSizes: readonly number[];
  /** Sort names the API accepts; a `-` prefix means descending. */
  sorts: readonly string[];
  defaultSort: string;
};

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 0 ? page : 0;
}

function isKnownSort(sort: string, sorts: readonly string[]): boolean {
  return sorts.includes(sort.startsWith('-') ? sort.slice(1) : sort);
}

/** Page, pageSize and sort from the URL query; anything missing or unknown falls back to the defaults. */
export function readGridSearch(params: URLSearchParams, options: GridSearchOptions): GridSearch {
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') ?? '';
  return {
    page: readPage(params.get('page')),
    pageSize: options.pageSizes.includes(pageSize) ? pageSize : (options.pageSizes[0] ?? 50),
    sort: isKnownSort(sort, options.sorts) ? sort : options.defaultSort,
  };
}

export function gridSearchQuery(search: GridSearch): string {
  return new URLSearchParams({
    page: String(search.page),
    pageSize: String(search.pageSize),
    sort: search.sort,
  }).toString();
}

/**
 * The grid's place kept in the URL query, so reloading, sharing a link or
 * coming back with the browser's Back button shows the same page.
 */
export function useGridSearch(options: GridSearchOptions) {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const { pageSizes, sorts, defaultSort } = options;
  const search = useMemo(
    () => readGridSearch(params, { pageSizes, sorts, defaultSort }),
    [params, pageSizes, sorts, defaultSort],
  );
  const setSearch = useCallback(
    (next: GridSearch) => {
      // Route state (e.g. a lookup's filter) and the page's other parameters (e.g. a search text) belong to this
      // list entry and must survive paging.
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of new URLSearchParams(gridSearchQuery(next))) merged.set(key, value);
          return merged;
        },
        { state, preventScrollReset: true },
      );
    },
    [setParams, state],
  );
  return [search, setSearch] as const;
}
