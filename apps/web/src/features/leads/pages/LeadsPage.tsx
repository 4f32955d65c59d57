import { LEAD_MESSAGES as M, LEADS_DEFAULT_SORT, LEADS_PAGE_SIZES, type LeadRow } from '@lawn/shared';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatPhone, plural } from '../../../lib/format';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import { useLeadsQuery } from '../api/leads-api';

const GRID_SEARCH: GridSearchOptions = {
  pageSizes: LEADS_PAGE_SIZES,
  sorts: ['createdAt'],
  defaultSort: LEADS_DEFAULT_SORT,
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' });

const COLUMNS: GridColDef<LeadRow>[] = [
  {
    field: 'createdAt',
    headerName: 'Left on',
    width: 170,
    valueFormatter: (value: string) => dateTime.format(new Date(value)),
  },
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, sortable: false },
  {
    field: 'phone',
    headerName: 'Phone',
    width: 170,
    sortable: false,
    renderCell: ({ row }) => <Link href={`tel:+1${row.phone}`}>{formatPhone(row.phone)}</Link>,
  },
  {
    field: 'email',
    headerName: 'E-mail',
    flex: 1,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => <Link href={`mailto:${row.email}`}>{row.email}</Link>,
  },
  { field: 'serviceAddress', headerName: 'Address', flex: 1, minWidth: 180, sortable: false },
  {
    field: 'zipcode',
    headerName: 'Zip',
    width: 200,
    sortable: false,
    valueGetter: (_value, row) => [row.zipcode, [row.city, row.state].filter(Boolean).join(', ')].join(' ').trim(),
  },
];

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1).
function NoLeadsOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2 }}>
      <Typography role="gridcell">{M.empty}</Typography>
    </GridOverlay>
  );
}

/**
 * Leads (/leads): the visitors whose zip code the business does not serve yet, who left a name, phone and e-mail to
 * be called back; newest first, paged on the server.
 */
export function LeadsPage() {
  const [search, setSearch] = useGridSearch(GRID_SEARCH);
  const leads = useLeadsQuery(search);

  const changePage = (model: GridPaginationModel) =>
    setSearch({ ...search, page: model.pageSize === search.pageSize ? model.page : 0, pageSize: model.pageSize });
  const changeSort = (model: GridSortModel) => {
    const [first] = model;
    const sort = first ? `${first.sort === 'desc' ? '-' : ''}${first.field}` : LEADS_DEFAULT_SORT;
    setSearch({ ...search, page: 0, sort });
  };
  const sortModel: GridSortModel = [
    { field: search.sort.replace(/^-/, ''), sort: search.sort.startsWith('-') ? 'desc' : 'asc' },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {M.listSubtitle}
      </Typography>
      <Typography color="text.secondary">
        {leads.data ? `Search results: ${plural(leads.data.total, 'lead')}` : ' '}
      </Typography>
      {leads.isError ? (
        <LoadErrorAlert subject="The leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : (
        <DataGrid
          label="Leads"
          autoHeight
          rows={leads.data?.data ?? []}
          rowCount={leads.data?.total ?? 0}
          columns={COLUMNS}
          loading={leads.isPending || leads.isPlaceholderData}
          paginationMode="server"
          sortingMode="server"
          paginationModel={{ page: search.page, pageSize: search.pageSize }}
          onPaginationModelChange={changePage}
          sortModel={sortModel}
          onSortModelChange={changeSort}
          pageSizeOptions={LEADS_PAGE_SIZES}
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          slots={{ noRowsOverlay: NoLeadsOverlay }}
          sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '160px' }}
        />
      )}
    </Stack>
  );
}
