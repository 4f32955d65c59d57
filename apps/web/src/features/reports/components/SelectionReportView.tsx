import {
  SELECTION_REPORT_COLUMNS,
  SELECTION_REPORT_PAGE_SIZES,
  type ReportFormat,
  type ReportSelection,
  type SelectionReportType,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileDownloadIcon as FileDownload } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { plural } from '../../../lib/format';
import {
  selectionQuery,
  useReportMarketsQuery,
  useSelectionReportFileMutation,
  useSelectionReportQuery,
} from '../api/selection-reports-api';
import { selectionFormValues, selectionOfParams, withSelection } from '../report-selection';
import { ReportNameDialog } from './ReportNameDialog';
import { ReportRequestedDialog } from './ReportRequestedDialog';
import { ReportSelectionForm } from './ReportSelectionForm';
import { OPTIONAL_COLUMNS, selectionGridColumns, shownReportColumns } from './selection-report-columns';

const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'EXCEL', csv: 'CSV' };

function NoRowsOverlay() {
  // Drawn inside the grid, whose children may only be rows (WCAG 1.3.1): one row, one cell.
  return (
    <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
      <Typography role="gridcell" variant="subtitle1">
        Nothing matches this selection
      </Typography>
    </GridOverlay>
  );
}

type SelectionReportViewProps = {
  type: SelectionReportType;
  /** Accessible name of the grid. */
  label: string;
  /** The files the report is offered as. */
  formats: readonly ReportFormat[];
};

/**
 * A route report: its selection (from the query string the lookup opens it with, or typed in the form), the grid of
 * its rows with optional columns by checkbox, 20, 50 or 100 a page, and its file written in the background.
 */
export function SelectionReportView({ type, label, formats }: SelectionReportViewProps) {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => selectionOfParams(params), [params]);
  const [pagination, setPagination] = useState({ page: 0, pageSize: SELECTION_REPORT_PAGE_SIZES[0] as number });
  const [optional, setOptional] = useState<string[]>([]);
  const [fileFormat, setFileFormat] = useState<ReportFormat | null>(null);
  const [isRequested, setRequested] = useState(false);
  const markets = useReportMarketsQuery();
  const rows = useSelectionReportQuery(type, selection, pagination);
  const createFile = useSelectionReportFileMutation(type);
  const fields = useMemo(() => shownReportColumns(type, optional), [type, optional]);
  const columns = useMemo(() => selectionGridColumns(type, fields), [type, fields]);
  const labels: Record<string, string> = SELECTION_REPORT_COLUMNS[type];

  const select = (next: ReportSelection) => {
    setPagination((current) => ({ ...current, page: 0 }));
    setParams(withSelection(params, next));
  };
  const changePage = (model: GridPaginationModel) =>
    setPagination({ page: model.pageSize === pagination.pageSize ? model.page : 0, pageSize: model.pageSize });
  const toggle = (field: string) =>
    setOptional((current) =>
      current.includes(field) ? current.filter((item) => item !== field) : [...current, field],
    );

  const save = async (nameDoc: string) => {
    if (!selection || !fileFormat) return;
    await createFile.mutateAsync({
      nameDoc,
      typeDoc: fileFormat,
      select: fields,
      clients: 'all',
      query: selectionQuery(selection),
    });
    setFileFormat(null);
    setRequested(true);
  };
  const total = rows.data?.total ?? 0;

  return (
    <Stack spacing={2}>
      <ReportSelectionForm
        key={params.toString()}
        values={selectionFormValues(params)}
        markets={markets.data ?? []}
        onSelect={select}
      />
      {selection === null ? (
        <Alert severity="info">Choose a week, weekday, crew or market, then Search.</Alert>
      ) : (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography role="status" sx={{ flexGrow: 1 }}>
              {rows.data ? `Search results: ${plural(total, 'record')}` : 'Searching...'}
            </Typography>
            {formats.map((format) => (
              <Button
                key={format}
                variant="outlined"
                color="secondary"
                startIcon={<FileDownload />}
                disabled={total === 0}
                onClick={() => setFileFormat(format)}
              >
                {FORMAT_LABELS[format]}
              </Button>
            ))}
          </Stack>
          <FormGroup row aria-label="Optional columns" role="group">
            {OPTIONAL_COLUMNS[type].map((field) => (
              <FormControlLabel
                key={field}
                control={<Checkbox checked={optional.includes(field)} onChange={() => toggle(field)} />}
                label={labels[field] ?? field}
              />
            ))}
          </FormGroup>
          {rows.isError ? (
            <LoadErrorAlert subject="The report" error={rows.error} onRetry={() => void rows.refetch()} />
          ) : (
            <DataGrid
              label={label}
              autoHeight
              rows={rows.data?.data ?? []}
              getRowId={(row) => row.key}
              rowCount={total}
              columns={columns}
              loading={rows.isPending || rows.isPlaceholderData}
              paginationMode="server"
              paginationModel={pagination}
              onPaginationModelChange={changePage}
              pageSizeOptions={SELECTION_REPORT_PAGE_SIZES}
              // Every column is drawn, not only those in view: a report is read across, and its optional columns are at the end.
              disableVirtualization
              disableColumnSorting
              disableColumnMenu
              disableColumnFilter
              disableColumnSelector
              disableRowSelectionOnClick
              slots={{ noRowsOverlay: NoRowsOverlay }}
              sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '120px' }}
            />
          )}
        </>
      )}
      <ReportNameDialog
        isOpen={fileFormat !== null}
        summary={`${fileFormat ? FORMAT_LABELS[fileFormat] : ''} file of ${plural(total, 'row')} of this selection.`}
        onCancel={() => setFileFormat(null)}
        onSave={save}
      />
      <ReportRequestedDialog isOpen={isRequested} onClose={() => setRequested(false)} />
    </Stack>
  );
}
