import { INVOICE_DEFAULT_SORT, INVOICE_PAGE_SIZES, INVOICE_STATUSES, type InvoiceRow } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { plural } from '../../../lib/format';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import { useInvoicesQuery } from '../api/invoices-api';
import { invoiceColumns } from '../components/invoice-columns';
import { InvoiceAttemptsDialog } from '../components/InvoiceAttemptsDialog';
import { VisitsToConfirmSection } from '../components/VisitsToConfirmSection';

const INVOICE_GRID_SEARCH: GridSearchOptions = {
  pageSizes: INVOICE_PAGE_SIZES,
  sorts: ['createdAt', 'transactionId'],
  defaultSort: INVOICE_DEFAULT_SORT,
};

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1).
function NoInvoicesOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2 }}>
      <Typography role="gridcell">
        No invoices yet: services are billed the business day after they are done.
      </Typography>
    </GridOverlay>
  );
}

/** The status filter's value in the URL (`status`): one of the invoice statuses' codes, or none for all. */
function readStatus(value: string | null): number | null {
  return value !== null && value in INVOICE_STATUSES ? Number(value) : null;
}

/**
 * The visits to confirm, then the invoices: every billed service, newest first, 50/75/100 a page from the server,
 * filtered by status; a charged invoice opens its attempts (and, declined, Retry now and Mark paid).
 */
export function InvoicesPage() {
  const [search, setSearch] = useGridSearch(INVOICE_GRID_SEARCH);
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const invoices = useInvoicesQuery(search, status);
  const [followedUp, setFollowedUp] = useState<InvoiceRow | null>(null);
  const columns = useMemo(() => invoiceColumns(setFollowedUp), []);

  const changeStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete('status');
        else next.set('status', value);
        next.set('page', '0');
        return next;
      },
      { preventScrollReset: true },
    );

  const changePage = (model: GridPaginationModel) =>
    setSearch({ ...search, page: model.pageSize === search.pageSize ? model.page : 0, pageSize: model.pageSize });
  const changeSort = (model: GridSortModel) => {
    const [first] = model;
    const sort = first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : INVOICE_DEFAULT_SORT;
    setSearch({ ...search, page: 0, sort });
  };
  const sortModel: GridSortModel = [
    { field: search.sort.replace(/^-/, ''), sort: search.sort.startsWith('-') ? 'desc' : 'asc' },
  ];

  return (
    <Stack spacing={2}>
      <VisitsToConfirmSection />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status === null ? '' : String(status)}
          onChange={(event) => changeStatus(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {Object.entries<string>(INVOICE_STATUSES).map(([code, name]) => (
            <MenuItem key={code} value={code}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary">
          {invoices.data ? `Search results: ${plural(invoices.data.total, 'invoice')}` : ' '}
        </Typography>
      </Stack>
      {invoices.isError ? (
        <LoadErrorAlert subject="The invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : (
        <DataGrid
          label="Invoices"
          autoHeight
          rows={invoices.data?.data ?? []}
          rowCount={invoices.data?.total ?? 0}
          columns={columns}
          loading={invoices.isPending || invoices.isPlaceholderData}
          paginationMode="server"
          sortingMode="server"
          paginationModel={{ page: search.page, pageSize: search.pageSize }}
          onPaginationModelChange={changePage}
          sortModel={sortModel}
          onSortModelChange={changeSort}
          pageSizeOptions={INVOICE_PAGE_SIZES}
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          slots={{ noRowsOverlay: NoInvoicesOverlay }}
          sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '160px' }}
        />
      )}
      {followedUp && (
        <InvoiceAttemptsDialog key={followedUp.id} invoice={followedUp} onClose={() => setFollowedUp(null)} />
      )}
    </Stack>
  );
}
