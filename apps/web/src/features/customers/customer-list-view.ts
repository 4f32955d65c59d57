import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** The customer list and the expired-card list show either their usual view or their bush-and-bed (B&B) view. */
export const CUSTOMER_LIST_VIEWS = ['standard', 'bushBed'] as const;
export type CustomerListView = (typeof CUSTOMER_LIST_VIEWS)[number];

/** The list URL's parameter naming the view (absent for the usual one), so a reload or a link shows the same view. */
export const CUSTOMER_LIST_VIEW_PARAM = 'view';

export function readCustomerListView(params: URLSearchParams): CustomerListView {
  return params.get(CUSTOMER_LIST_VIEW_PARAM) === 'bushBed' ? 'bushBed' : 'standard';
}

/**
 * The list's view from the URL, and a switch to the other one. Switching starts at the first page and keeps the rest:
 * a lookup's filter (route state), the search text, the page size and the sort.
 */
export function useCustomerListView() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const view = readCustomerListView(params);
  const setView = useCallback(
    (next: CustomerListView) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          if (next === 'standard') merged.delete(CUSTOMER_LIST_VIEW_PARAM);
          else merged.set(CUSTOMER_LIST_VIEW_PARAM, next);
          merged.delete('page');
          return merged;
        },
        { state },
      );
    },
    [setParams, state],
  );
  return [view, setView] as const;
}
