import {
  APP_PATHS,
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_LIST_DEFAULT_FILTERS,
  CUSTOMER_PAGE_SIZES,
  CUSTOMER_SORTS,
  CUSTOMER_STATUS,
  type ReportFormat,
} from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GridOverlay } from '@mui/x-data-grid';
import type { ComponentType } from 'react';
import type { CustomerListKind } from '../../lib/app-store';
import type { GridSearchOptions } from '../../lib/grid-search';
import { BUSH_BED_COLUMNS, STANDARD_COLUMNS, type CustomerColumnSet } from './customer-columns';
import { CUSTOMER_LIST_VIEW_PARAM, type CustomerListView } from './customer-list-view';
import type { CustomerFilterValues } from './customer-list-search';

export const CUSTOMER_GRID_SEARCH: GridSearchOptions = {
  pageSizes: CUSTOMER_PAGE_SIZES,
  sorts: CUSTOMER_SORTS,
  defaultSort: CUSTOMER_DEFAULT_SORT,
};

export type CustomerListConfig = {
  kind: CustomerListKind;
  view: CustomerListView;
  /** Where the list is, its view included: where "back to the list" returns. */
  path: string;
  /** Accessible name of the grid. */
  label: string;
  /** `filter[...]` the list always sends (a lookup's filter may narrow or replace them). */
  baseFilter: CustomerFilterValues;
  /** Per-row checkboxes, Select all, Create customer and export. */
  canExport: boolean;
  /** The formats the export offers (none without export). */
  exportFormats: readonly ReportFormat[];
  columns: CustomerColumnSet;
  /** A row opens its record on a double click only (a single click is for reading and selecting). */
  opensOnDoubleClick: boolean;
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
  view: 'standard',
  path: APP_PATHS.customerList,
  label: 'Customers',
  baseFilter: { ...CUSTOMER_LIST_DEFAULT_FILTERS },
  canExport: true,
  exportFormats: ['xlsx', 'csv'],
  columns: STANDARD_COLUMNS,
  opensOnDoubleClick: false,
  NoRowsOverlay: emptyOverlay('No customers match this search', 'Customers appear here once they are approved.'),
};

/** The same list for card-declined customers, without checkboxes or export. */
const EXPIRED_CARD_FILTER = { ...CUSTOMER_LIST_DEFAULT_FILTERS, status: `${CUSTOMER_STATUS.cardDeclined}` };
const NoExpiredCards = emptyOverlay(
  'No expired cards',
  'No approved customer has a declined or expired card right now.',
);

export const EXPIRED_CARD_LIST: CustomerListConfig = {
  kind: 'expiredCard',
  view: 'standard',
  path: APP_PATHS.expiredCardList,
  label: 'Customers with an expired card',
  baseFilter: EXPIRED_CARD_FILTER,
  canExport: false,
  exportFormats: [],
  columns: STANDARD_COLUMNS,
  opensOnDoubleClick: false,
  NoRowsOverlay: NoExpiredCards,
};

const bushBedPath = (path: string) => `${path}?${CUSTOMER_LIST_VIEW_PARAM}=bushBed`;

/**
 * The bush-and-bed view of the customer list: its own columns, Select all, Create customer and a PDF of the chosen
 * customers (a document to print for the crews); a double click opens a record.
 */
export const CUSTOMER_LIST_BUSH_BED: CustomerListConfig = {
  ...CUSTOMER_LIST,
  kind: 'customerBushBed',
  view: 'bushBed',
  path: bushBedPath(APP_PATHS.customerList),
  label: 'Customers (B&B)',
  exportFormats: ['pdf'],
  columns: BUSH_BED_COLUMNS,
  opensOnDoubleClick: true,
};

/** The bush-and-bed view of the expired-card list: like the customer list's, with its PDF export. */
export const EXPIRED_CARD_LIST_BUSH_BED: CustomerListConfig = {
  ...EXPIRED_CARD_LIST,
  kind: 'expiredCardBushBed',
  view: 'bushBed',
  path: bushBedPath(APP_PATHS.expiredCardList),
  label: 'Customers with an expired card (B&B)',
  canExport: true,
  exportFormats: ['pdf'],
  columns: BUSH_BED_COLUMNS,
  opensOnDoubleClick: true,
};
