import { CREATE_CUSTOMER_PATH, CUSTOMER_DEFAULT_SORT, CUSTOMER_PAGE_SIZES, type CustomerListRow } from '@lawn/shared';
import { DoneAllIcon as DoneAll, PersonAddIcon as PersonAdd } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridCellParams,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { selectCustomerList, useAppState } from '../../../lib/app-store';
import type { CustomerExportSelection } from '../../../lib/customer-export';
import { plural } from '../../../lib/format';
import { useGridSearch } from '../../../lib/grid-search';
import { useCustomerListQuery } from '../api/customers-api';
import { OPEN_COLUMN, customerColumnDefs, shownColumns, sortModelOf, sortOf, sortedColumn } from '../customer-columns';
import {
  customerListQuery,
  filterQuery,
  isCellphoneLookup,
  listFilter,
  readListLocationState,
} from '../customer-list-search';
import { useCustomerListView, type CustomerListView as ListView } from '../customer-list-view';
import {
  rememberSearch,
  setAllSelected,
  setExportFormat,
  setListColumns,
  setSelectedIds,
} from '../customer-list-store';
import { CUSTOMER_GRID_SEARCH, type CustomerListConfig } from '../customer-lists';
import { editCustomerHref } from '../record-search';
import { useSearchText } from '../use-search-text';
import { ColumnChooser } from './ColumnChooser';
import { CustomerSearchBox } from './CustomerSearchBox';

const NOT_OPENING_FIELDS = new Set([GRID_CHECKBOX_SELECTION_COL_DEF.field, OPEN_COLUMN]);

function idsOf(model: GridRowSelectionModel, rows: readonly CustomerListRow[]): number[] {
  if (model.type === 'include') return [...model.ids].map(Number);
  return rows.filter((row) => !model.ids.has(row.id)).map((row) => row.id);
}

type CustomerListViewProps = {
  config: CustomerListConfig;
  /** The Export control of a list that can export; the page supplies it, since reports write the file. */
  renderExport?: (selection: CustomerExportSelection) => ReactNode;
};

/** The formats a cellphone customers look-up may not be exported to: it is exported as EXCEL only. */
const CELLPHONE_LOOKUP_DISABLED_FORMATS = ['csv', 'pdf'] as const;

/** The customer list and the expired-card list, each in its usual and its bush-and-bed view: one screen, four configurations. */
export function CustomerListView({ config, renderExport }: CustomerListViewProps) {
  const navigate = useNavigate();
  const [, setView] = useCustomerListView();
  const location = useLocation();
  const [search, setSearch] = useGridSearch(CUSTOMER_GRID_SEARCH);
  const [searchText, setSearchText] = useSearchText();
  const lookupFilter = readListLocationState(location.state).filter ?? '';
  const filter = useMemo(
    () => listFilter(config.baseFilter, lookupFilter, searchText),
    [config, lookupFilter, searchText],
  );
  const listState = useAppState(selectCustomerList);
  const optionalColumns = listState.columns[config.kind];
  const isAllSelected = config.canExport && listState.isAllSelected;

  const list = useCustomerListQuery(useMemo(() => customerListQuery(search, filter), [search, filter]));
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const total = list.data?.total ?? 0;

  useEffect(() => {
    rememberSearch({ path: config.path, ...search, filter: lookupFilter, text: searchText });
  }, [config.path, search, lookupFilter, searchText]);

  // A row opens its record by its id (the same customer whatever the list looks like later) and its position in
  // this list (to step through it).
  const linkOf = useCallback(
    (row: CustomerListRow) => ({
      to: editCustomerHref(row.id, search.page * search.pageSize + rows.indexOf(row) + 1, search, filter),
    }),
    [search, filter, rows],
  );
  const columns = useMemo(() => shownColumns(config.columns, optionalColumns), [config.columns, optionalColumns]);
  const columnDefs = useMemo(() => customerColumnDefs(columns, linkOf), [columns, linkOf]);
  // A new sort model (even an equal one) makes the grid jump to page 0, so it is rebuilt only
  // when the sort, or whether its column is shown, changes; not on every column toggle.
  const sortedField = sortedColumn(search.sort, columns);
  const sortModel = useMemo(
    () => sortModelOf(search.sort, sortedField ? [sortedField] : []),
    [search.sort, sortedField],
  );
  const hasCheckboxes = config.canExport && !isAllSelected;
  // Without checkboxes the MIT grid allows at most one selected row (and throws otherwise), so
  // the kept selection is only handed to it while checkboxes show.
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(hasCheckboxes ? listState.selectedIds : []) }),
    [hasCheckboxes, listState.selectedIds],
  );

  const changePage = (model: GridPaginationModel) => {
    // A new page size starts from the first page, as a new sort does.
    const page = model.pageSize === search.pageSize ? model.page : 0;
    setSearch({ ...search, page, pageSize: model.pageSize });
  };
  const changeSort = (model: GridSortModel) => {
    const sort = sortOf(model, CUSTOMER_DEFAULT_SORT);
    // The grid also reports its sort when the columns change; only a real change starts over.
    if (sort !== search.sort) setSearch({ ...search, page: 0, sort });
  };
  const open = (params: GridCellParams<CustomerListRow>) => {
    if (NOT_OPENING_FIELDS.has(params.field)) return;
    void navigate(linkOf(params.row).to);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <CustomerSearchBox value={searchText} onSearch={setSearchText} />
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="secondary"
          aria-label="List view"
          value={config.view}
          onChange={(_event, next: ListView | null) => {
            if (next) setView(next);
          }}
        >
          <ToggleButton value="standard">Standard</ToggleButton>
          <ToggleButton value="bushBed">B&amp;B</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography role="status" sx={{ flexGrow: 1 }}>
          {list.data ? `Search results: ${plural(total, 'record')}` : <Skeleton width={200} aria-label="Counting" />}
        </Typography>
        {config.canExport && CREATE_CUSTOMER_PATH && (
          <Button component={RouterLink} to={CREATE_CUSTOMER_PATH} variant="contained" startIcon={<PersonAdd />}>
            Create customer
          </Button>
        )}
        <ColumnChooser
          groups={config.columns.groups}
          value={optionalColumns}
          onChange={(next) => setListColumns(config.kind, next)}
        />
        {config.canExport && (
          <>
            <ToggleButton
              value="all"
              size="small"
              color="secondary"
              selected={isAllSelected}
              onChange={() => setAllSelected(!isAllSelected)}
              sx={{ px: 1.5, gap: 0.75, '&:not(.Mui-selected)': { color: 'text.primary' } }}
            >
              <DoneAll fontSize="small" aria-hidden />
              Select all
            </ToggleButton>
            {renderExport?.({
              selectedIds: listState.selectedIds,
              isAllSelected,
              total,
              columns,
              query: { ...filterQuery(filter), sort: search.sort },
              formats: config.exportFormats,
              disabledFormats: isCellphoneLookup(lookupFilter) ? CELLPHONE_LOOKUP_DISABLED_FORMATS : [],
              format: listState.exportFormat,
              onFormatChange: setExportFormat,
            })}
          </>
        )}
      </Stack>

      {config.canExport && (isAllSelected || listState.selectedIds.length > 0) && (
        <Alert
          severity="info"
          action={
            !isAllSelected && (
              <Button color="inherit" size="small" onClick={() => setSelectedIds([])}>
                Clear selection
              </Button>
            )
          }
        >
          {isAllSelected
            ? `All ${plural(total, 'customer')} matching this search will be exported.`
            : `${plural(listState.selectedIds.length, 'customer')} selected for export.`}
        </Alert>
      )}

      {list.isError ? (
        <LoadErrorAlert subject="The customers" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box sx={{ height: 'calc(100vh - 250px)', minHeight: 420 }}>
          <DataGrid
            label={config.label}
            rows={rows}
            rowCount={total}
            columns={columnDefs}
            loading={list.isPending || list.isPlaceholderData}
            paginationMode="server"
            sortingMode="server"
            paginationModel={{ page: search.page, pageSize: search.pageSize }}
            onPaginationModelChange={changePage}
            pageSizeOptions={CUSTOMER_PAGE_SIZES}
            sortModel={sortModel}
            onSortModelChange={changeSort}
            checkboxSelection={hasCheckboxes}
            rowSelectionModel={selectionModel}
            onRowSelectionModelChange={(model) => {
              if (hasCheckboxes) setSelectedIds(idsOf(model, rows));
            }}
            keepNonExistentRowsSelected
            disableRowSelectionExcludeModel
            disableRowSelectionOnClick
            disableColumnMenu
            disableColumnFilter
            disableColumnSelector
            disableDensitySelector
            onCellClick={config.opensOnDoubleClick ? undefined : open}
            onCellDoubleClick={config.opensOnDoubleClick ? open : undefined}
            onCellKeyDown={(params, event) => {
              if (event.key === 'Enter') open(params);
            }}
            slots={{ noRowsOverlay: config.NoRowsOverlay }}
            sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
          />
        </Box>
      )}
    </Stack>
  );
}
