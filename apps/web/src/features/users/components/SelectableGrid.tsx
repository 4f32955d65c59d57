import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridOverlay,
  type GridColDef,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';
import type { GridPage } from '../api/users-api';

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row with one cell.
function NoRowsOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
      <Typography role="gridcell" color="text.secondary">
        No data available
      </Typography>
    </GridOverlay>
  );
}

type SelectableGridProps<Row extends GridValidRowModel & { id: number }> = {
  label: string;
  rows: readonly Row[];
  total: number;
  columns: GridColDef<Row>[];
  isLoading: boolean;
  page: GridPage;
  onPageChange: (page: GridPage) => void;
  /** The one selected row's id, or null; undefined when the grid selects nothing. */
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
};

/** A server-paged grid of one fixed page size; with `onSelect`, one row at a time is selected (click again: none). */
export function SelectableGrid<Row extends GridValidRowModel & { id: number }>({
  label,
  rows,
  total,
  columns,
  isLoading,
  page,
  onPageChange,
  selectedId,
  onSelect,
}: SelectableGridProps<Row>) {
  const selection = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectedId === null || selectedId === undefined ? [] : [selectedId]) }),
    [selectedId],
  );
  return (
    <DataGrid
      label={label}
      autoHeight
      rows={rows}
      rowCount={total}
      columns={columns}
      loading={isLoading}
      paginationMode="server"
      paginationModel={page}
      onPaginationModelChange={(model) => {
        onSelect?.(null);
        onPageChange({ page: model.page, pageSize: page.pageSize });
      }}
      pageSizeOptions={[page.pageSize]}
      sortingMode="server"
      rowSelectionModel={selection}
      onRowClick={onSelect ? ({ row }) => onSelect(row.id === selectedId ? null : row.id) : undefined}
      disableRowSelectionOnClick={!onSelect}
      disableColumnMenu
      disableColumnFilter
      disableColumnSelector
      disableDensitySelector
      slots={{ noRowsOverlay: NoRowsOverlay }}
      sx={{
        bgcolor: 'background.paper',
        '--DataGrid-overlayHeight': '120px',
        ...(onSelect ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
      }}
    />
  );
}
