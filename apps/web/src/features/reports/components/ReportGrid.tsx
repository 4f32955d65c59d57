import { SELECTION_REPORT_PAGE_SIZES } from '@lawn/shared';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridOverlay,
  type GridColDef,
  type GridRowIdGetter,
  type GridPaginationModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo } from 'react';

/** The first page of a report at its smallest page size. */
export const FIRST_REPORT_PAGE: GridPaginationModel = { page: 0, pageSize: SELECTION_REPORT_PAGE_SIZES[0] };

type ReportGridProps<Row extends GridValidRowModel> = {
  label: string;
  rows: Row[];
  getRowId?: GridRowIdGetter<Row>;
  total: number;
  columns: GridColDef<Row>[];
  isLoading: boolean;
  pagination: GridPaginationModel;
  /** The page to show; a new page size starts again at its first page. */
  onPaginationChange: (pagination: GridPaginationModel) => void;
  /** What the empty grid says. */
  emptyMessage: string;
};

/** A report's rows read across, paged by the server at 20, 50 or 100 rows. */
export function ReportGrid<Row extends GridValidRowModel>({
  label,
  rows,
  getRowId,
  total,
  columns,
  isLoading,
  pagination,
  onPaginationChange,
  emptyMessage,
}: ReportGridProps<Row>) {
  const slots = useMemo(
    () => ({
      noRowsOverlay: function NoRowsOverlay() {
        // Drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row, one cell.
        return (
          <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
            <Typography role="gridcell" variant="subtitle1">
              {emptyMessage}
            </Typography>
          </GridOverlay>
        );
      },
    }),
    [emptyMessage],
  );
  return (
    <DataGrid
      label={label}
      autoHeight
      rows={rows}
      getRowId={getRowId}
      rowCount={total}
      columns={columns}
      loading={isLoading}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={(model) =>
        onPaginationChange({
          page: model.pageSize === pagination.pageSize ? model.page : 0,
          pageSize: model.pageSize,
        })
      }
      pageSizeOptions={SELECTION_REPORT_PAGE_SIZES}
      // Every column is drawn, not only those in view: a report is read across, and its optional columns are at the end.
      disableVirtualization
      disableColumnSorting
      disableColumnMenu
      disableColumnFilter
      disableColumnSelector
      disableRowSelectionOnClick
      slots={slots}
      sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '120px' }}
    />
  );
}
