import { INVOICE_DEFAULT_SORT, INVOICE_PAGE_SIZES } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { plural } from '../../../lib/format';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import { useInvoicesQuery } from '../api/invoices-api';
import { INVOICE_COLUMNS } from '../components/invoice-columns';
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

/** The visits to confirm, then the invoices: every billed service, newest first, 50/75/100 a page from the server. */
export function InvoicesPage() {
  const [search, setSearch] = useGridSearch(INVOICE_GRID_SEARCH);
  const invoices = useInvoicesQuery(search);

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
      <Typography color="text.secondary">
        {invoices.data ? `Search results: ${plural(invoices.data.total, 'invoice')}` : ' '}
      </Typography>
      {invoices.isError ? (
        <LoadErrorAlert subject="The invoices" error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : (
        <DataGrid
          label="Invoices"
          autoHeight
          rows={invoices.data?.data ?? []}
          rowCount={invoices.data?.total ?? 0}
          columns={INVOICE_COLUMNS}
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
    </Stack>
  );
}
