import {
  CUSTOMER_COLUMN_KEYS,
  CUSTOMER_COLUMNS,
  DEFAULT_CUSTOMER_COLUMNS,
  paymentTypeLabel,
  type CUSTOMER_SORTS,
  type CustomerColumn,
  type CustomerListRow,
} from '@lawn/shared';
import { OpenInNewIcon as OpenInNew } from '../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { visuallyHiddenSx } from '../../components/visually-hidden';
import { formatMoney, formatPercent, formatPhone } from '../../lib/format';

type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** A checkbox of the column chooser: the columns it shows or hides together. */
export type ColumnGroup = { label: string; columns: readonly CustomerColumn[] };

/** The columns a list can show: in which order, which always, and the chooser's checkboxes for the others. */
export type CustomerColumnSet = {
  order: readonly CustomerColumn[];
  fixed: readonly CustomerColumn[];
  groups: readonly ColumnGroup[];
};

/** The customer list: the five fixed columns, then the optional ones, one checkbox each (some show related columns). */
export const STANDARD_COLUMNS: CustomerColumnSet = {
  order: CUSTOMER_COLUMN_KEYS,
  fixed: DEFAULT_CUSTOMER_COLUMNS,
  groups: [
    { label: 'Crew', columns: ['crew'] },
    { label: 'City', columns: ['city'] },
    { label: 'State', columns: ['state'] },
    { label: 'Zip', columns: ['zipcode'] },
    { label: 'Lat/Lng', columns: ['lat', 'lng'] },
    { label: 'Mowing price', columns: ['subtotalMowing'] },
    { label: 'Tax totals', columns: ['taxRate', 'calculatedTax', 'totalMowing'] },
    { label: 'Last edited', columns: ['userEdit'] },
    { label: 'Call notes', columns: ['userNote'] },
    { label: 'Card type', columns: ['cardTypeName'] },
    { label: 'Phone', columns: ['contactNumber'] },
    { label: 'Email', columns: ['email'] },
  ],
};

/**
 * The bush-and-bed view: what the B&B crews' office work needs (frequency, prices, crew, payment), account and
 * status first; account, status, customer and address always shown.
 */
export const BUSH_BED_COLUMNS: CustomerColumnSet = {
  order: [
    'customerId',
    'statusName',
    'frecuencyName',
    'totalMowing',
    'subtotalMowing',
    'fullName',
    'serviceAddress',
    'crew',
    'marketName',
    'paymentType',
    'userEdit',
    'cardTypeName',
    'taxRate',
    'lat',
    'lng',
    'zipcode',
  ],
  fixed: ['customerId', 'statusName', 'fullName', 'serviceAddress'],
  groups: [
    { label: 'Frequency', columns: ['frecuencyName'] },
    { label: 'Total', columns: ['totalMowing'] },
    { label: 'Mowing price', columns: ['subtotalMowing'] },
    { label: 'Crew', columns: ['crew'] },
    { label: 'Market', columns: ['marketName'] },
    { label: 'Payment type', columns: ['paymentType'] },
    { label: 'Last edited', columns: ['userEdit'] },
    { label: 'Card type', columns: ['cardTypeName'] },
    { label: 'Tax rate', columns: ['taxRate'] },
    { label: 'Lat/Lng', columns: ['lat', 'lng'] },
    { label: 'Zip', columns: ['zipcode'] },
  ],
};

/** The API's sort name per column; columns without one cannot be sorted. */
const COLUMN_SORTS: Partial<Record<CustomerColumn, CustomerSort>> = {
  fullName: 'fullName',
  serviceAddress: 'serviceAddress',
  customerId: 'customerId',
  marketName: 'marketName',
  statusName: 'statusName',
  crew: 'crew',
  city: 'city',
  state: 'state',
  zipcode: 'zipcode',
  subtotalMowing: 'subtotalMowing',
  taxRate: 'taxRate',
  totalMowing: 'totalMowing',
  userEdit: 'userEdit',
  userNote: 'userNote',
  cardTypeName: 'cardType',
  contactNumber: 'contactNumber',
  email: 'email',
};

/** The set's fixed columns and the chosen ones, in the set's order. */
export function shownColumns(set: CustomerColumnSet, optional: readonly CustomerColumn[]): CustomerColumn[] {
  return set.order.filter((column) => set.fixed.includes(column) || optional.includes(column));
}

/** The shown column an API sort orders by; null for `id` or a hidden column. */
export function sortedColumn(sort: string, columns: readonly CustomerColumn[]): CustomerColumn | null {
  const name = sort.startsWith('-') ? sort.slice(1) : sort;
  return columns.find((column) => COLUMN_SORTS[column] === name) ?? null;
}

export function sortModelOf(sort: string, columns: readonly CustomerColumn[]): GridSortModel {
  const field = sortedColumn(sort, columns);
  return field ? [{ field, sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [];
}

export function sortOf(model: GridSortModel, defaultSort: string): string {
  const [first] = model;
  const name = first?.sort ? COLUMN_SORTS[first.field as CustomerColumn] : undefined;
  if (!first || !name) return defaultSort;
  return first.sort === 'desc' ? `-${name}` : name;
}

type Cell = Partial<GridColDef<CustomerListRow>>;

const money: Cell = { type: 'number', valueFormatter: (value: number | null) => formatMoney(value), width: 120 };
const coordinate: Cell = {
  type: 'number',
  valueFormatter: (value: number | null) => (value === null ? '' : value.toFixed(5)),
  width: 110,
};

const CELLS: Record<CustomerColumn, Cell> = {
  fullName: { flex: 1, minWidth: 180 },
  serviceAddress: { flex: 1.4, minWidth: 220 },
  customerId: { width: 130 },
  marketName: { width: 140 },
  statusName: { width: 150 },
  crew: { width: 90, type: 'number' },
  mowCut: { width: 150, valueFormatter: (value: string[] | undefined) => (value ?? []).join(', ') },
  city: { width: 130 },
  state: { width: 80 },
  zipcode: { width: 90 },
  lat: coordinate,
  lng: coordinate,
  subtotalMowing: money,
  taxRate: { type: 'number', width: 100, valueFormatter: (value: number | null) => formatPercent(value) },
  calculatedTax: { ...money, width: 100 },
  totalMowing: money,
  userEdit: { width: 160, valueGetter: (_value, row) => row.userEdit?.fullName ?? '' },
  userNote: { width: 160, valueGetter: (_value, row) => row.userNote?.fullName ?? '' },
  cardTypeName: { width: 140 },
  contactNumber: { width: 170, valueFormatter: (value: string) => formatPhone(value) },
  email: { width: 220 },
  frecuencyName: { width: 140 },
  paymentType: { width: 160, valueGetter: (_value, row) => paymentTypeLabel(row.paymentType) },
};

export const OPEN_COLUMN = '__open__';

/** Where a row opens: the record's URL, which names it. */
export type RowLink = { to: string };

export function customerColumnDefs(
  columns: readonly CustomerColumn[],
  linkOf: (row: CustomerListRow) => RowLink,
): GridColDef<CustomerListRow>[] {
  const open: GridColDef<CustomerListRow> = {
    field: OPEN_COLUMN,
    headerName: 'Open',
    width: 64,
    sortable: false,
    disableColumnMenu: true,
    renderHeader: () => <Box sx={visuallyHiddenSx}>Open</Box>,
    renderCell: ({ row }) => (
      <IconButton component={RouterLink} {...linkOf(row)} size="small" aria-label={`Open ${row.fullName}`}>
        <OpenInNew fontSize="small" />
      </IconButton>
    ),
  };
  return [
    open,
    ...columns.map((column): GridColDef<CustomerListRow> => ({
      field: column,
      headerName: CUSTOMER_COLUMNS[column],
      sortable: COLUMN_SORTS[column] !== undefined,
      ...CELLS[column],
    })),
  ];
}
