import {
  NEW_ORDERS_FILTERS,
  NEW_ORDERS_PAGE_SIZE,
  NEW_ORDERS_SORT,
  ORDER_MESSAGES,
  ORDER_STATUS,
  ORDER_STATUSES,
  type CustomerListRow,
  type OrderStatus,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridOverlay,
  type GridColDef,
  type GridPaginationModel,
  type GridRowId,
  type GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import type { RecordRouteState } from '../../../lib/record-link';
import { useCustomerListQuery } from '../api/customers-api';
import { customerListQuery } from '../customer-list-search';
import { recordHref } from '../record-search';

const GRID_SEARCH: GridSearchOptions = {
  pageSizes: [NEW_ORDERS_PAGE_SIZE],
  sorts: ['id'],
  defaultSort: NEW_ORDERS_SORT,
};

const FILTER = { ...NEW_ORDERS_FILTERS };

/** The chip of an order: Approved when 1, Rejected when 2, otherwise Pending. */
const CHIP_COLORS: Record<OrderStatus, ChipProps['color']> = {
  [ORDER_STATUS.pending]: 'default',
  [ORDER_STATUS.approved]: 'success',
  [ORDER_STATUS.rejected]: 'error',
};

function OrderStatusChip({ status }: { status: number }) {
  const known = status in ORDER_STATUSES ? (status as OrderStatus) : ORDER_STATUS.pending;
  return <Chip size="small" variant="outlined" color={CHIP_COLORS[known]} label={ORDER_STATUSES[known]} />;
}

const COLUMNS: GridColDef<CustomerListRow>[] = [
  { field: 'fullName', headerName: 'Customer', flex: 1, minWidth: 180, sortable: false },
  { field: 'serviceAddress', headerName: 'Address', flex: 1.4, minWidth: 220, sortable: false },
  { field: 'customerId', headerName: 'Code', width: 130, sortable: false },
  { field: 'marketName', headerName: 'Market', width: 140, sortable: false },
  { field: 'zipcode', headerName: 'Zip', width: 90, sortable: false },
  {
    field: 'statusOrders',
    headerName: 'Status',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => <OrderStatusChip status={row.statusOrders} />,
  },
];

function NoOrdersOverlay() {
  return (
    // Drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row, one cell.
    <GridOverlay role="row" sx={{ p: 2 }}>
      <Typography role="gridcell" variant="subtitle1">
        {ORDER_MESSAGES.empty}
      </Typography>
    </GridOverlay>
  );
}

/**
 * The pending-approval list, 'Clients List': new orders and rejected ones, newest first, 10 a page,
 * with their status chip. A first click on a row selects it and a second click on the same row opens the record,
 * as a new order positioned in this list, so its navigator steps through the pending orders. Enter opens too.
 */
export function NewOrdersList({ message }: { message?: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useGridSearch(GRID_SEARCH);
  const [selectedId, setSelectedId] = useState<GridRowId | null>(null);
  const list = useCustomerListQuery(useMemo(() => customerListQuery(search, FILTER), [search]));
  const rows = list.data?.data ?? [];
  const selection = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectedId === null ? [] : [selectedId]) }),
    [selectedId],
  );

  const open = (row: CustomerListRow) => {
    const position = search.page * search.pageSize + rows.indexOf(row) + 1;
    const state: RecordRouteState = { isNewOrder: true };
    const list = { filter: FILTER, ...search };
    void navigate(recordHref({ id: row.id, position, list, upperTab: 0, lowerTab: 0 }), { state });
  };
  const changePage = (model: GridPaginationModel) => setSearch({ ...search, page: model.page });

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {ORDER_MESSAGES.listSubtitle}
      </Typography>
      {message && <Alert severity="success">{message}</Alert>}
      {list.isError ? (
        <LoadErrorAlert subject="The orders" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 420 }}>
          <DataGrid
            label="Orders pending approval"
            rows={rows}
            rowCount={list.data?.total ?? 0}
            columns={COLUMNS}
            loading={list.isPending || list.isPlaceholderData}
            paginationMode="server"
            paginationModel={{ page: search.page, pageSize: search.pageSize }}
            onPaginationModelChange={changePage}
            pageSizeOptions={[NEW_ORDERS_PAGE_SIZE]}
            rowSelectionModel={selection}
            onRowClick={({ row }) => (row.id === selectedId ? open(row) : setSelectedId(row.id))}
            onCellKeyDown={({ row }, event) => {
              if (event.key === 'Enter') open(row);
            }}
            disableColumnMenu
            disableColumnFilter
            disableColumnSelector
            disableDensitySelector
            slots={{ noRowsOverlay: NoOrdersOverlay }}
            sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Box>
      )}
    </Stack>
  );
}
