import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_PARAM, searchTextOf } from './customer-list-search';

/**
 * The list's search text, kept in the URL (`search=`), and the callback that changes it. A new text starts from the
 * first page and replaces the list's history entry (typing is not a page of its own); Back from a record still
 * returns to the search.
 */
export function useSearchText() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const text = searchTextOf(params.get(SEARCH_PARAM));
  const setText = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === '') updated.delete(SEARCH_PARAM);
          else updated.set(SEARCH_PARAM, next);
          updated.set('page', '0');
          return updated;
        },
        // Route state (a lookup's filter) belongs to this list entry.
        { replace: true, state, preventScrollReset: true },
      );
    },
    [setParams, state],
  );
  return [text, setText] as const;
}
