import { APP_PATHS, CUSTOMER_DEFAULT_SORT, CUSTOMER_PAGE_SIZES, CUSTOMER_SORTS } from '@lawn/shared';
import Typography from '@mui/material/Typography';
import { GridOverlay } from '@mui/x-data-grid';
import type { ComponentType } from 'react';
import type { CustomerListKind } from '../../lib/app-store';
import type { GridSearchOptions } from '../../lib/grid-search';
import { DEFAULT_ORDER_STATUS, type CustomerFilterValues } from './customer-list-search';

export const CUSTOMER_GRID_SEARCH: GridSearchOptions = {
  pageSizes: CUSTOMER_PAGE_SIZES,
  sorts: CUSTOMER_SORTS,
  defaultSort: CUSTOMER_DEFAULT_SORT,
};

export type CustomerListConfig = {
  kind: CustomerListKind;
  path: string;
  /** Accessible name of the grid. */
  label: string;
  /** `filter[...]` the list always sends (a lookup's filter may narrow or replace them). */
  baseFilter: CustomerFilterValues;
  /** Per-row checkboxes, Select all and export. */
  canExport: boolean;
  NoRowsOverlay: ComponentType;
};

function emptyOverlay(title: string, detail: string): ComponentType {
  return function EmptyOverlay() {
    return (
      <GridOverlay sx={{ flexDirection: 'column', gap: 0.5, p: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1">{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </GridOverlay>
    );
  };
}

/** Approved, active customers; the only list with per-row checkboxes, Select all and export (spec 1 §2). */
export const CUSTOMER_LIST: CustomerListConfig = {
  kind: 'customer',
  path: APP_PATHS.customerList,
  label: 'Customers',
  baseFilter: { statusOrders: DEFAULT_ORDER_STATUS, status: '1' },
  canExport: true,
  NoRowsOverlay: emptyOverlay('No customers match this search', 'Customers appear here once they are approved.'),
};

/** The same list for status 2 (card declined), without checkboxes or export (spec 1 §2). */
export const EXPIRED_CARD_LIST: CustomerListConfig = {
  kind: 'expiredCard',
  path: APP_PATHS.expiredCardList,
  label: 'Customers with an expired card',
  baseFilter: { statusOrders: DEFAULT_ORDER_STATUS, status: '2' },
  canExport: false,
  NoRowsOverlay: emptyOverlay('No expired cards', 'No approved customer has a declined or expired card right now.'),
};
