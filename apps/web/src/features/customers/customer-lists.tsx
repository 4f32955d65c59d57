import {
  APP_PATHS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_LIST_DEFAULT_FILTERS,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SORTS,
  CUSTOMER_STATUS,
} from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridOverlay } from '@mui/x-data-grid';
import type { ComponentType } from 'react';
import type { CustomerListKind } from '../../lib/app-store';
import type { GridSearchOptions } from '../../lib/grid-search';
import type { CustomerFilterValues } from './customer-list-search';

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
      // Drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row, one cell.
      <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
        <Stack role="gridcell" spacing={0.5}>
          <Typography variant="subtitle1">{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        </Stack>
      </GridOverlay>
    );
  };
}

/** Approved orders of active customers: the server's own default, sent explicitly so every call says what it lists. */
export const CUSTOMER_LIST: CustomerListConfig = {
  kind: 'customer',
  path: APP_PATHS.customerList,
  label: 'Customers',
  baseFilter: { ...CUSTOMER_LIST_DEFAULT_FILTERS },
  canExport: true,
  NoRowsOverlay: emptyOverlay('No customers match this search', 'Customers appear here once they are approved.'),
};

/** The same list for card-declined customers, without checkboxes or export. */
export const EXPIRED_CARD_LIST: CustomerListConfig = {
  kind: 'expiredCard',
  path: APP_PATHS.expiredCardList,
  label: 'Customers with an expired card',
  baseFilter: { ...CUSTOMER_LIST_DEFAULT_FILTERS, status: `${CUSTOMER_STATUS.cardDeclined}` },
  canExport: false,
  NoRowsOverlay: emptyOverlay('No expired cards', 'No approved customer has a declined or expired card right now.'),
};
