import {
  SELECTION_REPORT_COLUMNS,
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
import { FIRST_REPORT_PAGE, ReportGrid } from './ReportGrid';
import { ReportNameDialog } from './ReportNameDialog';
import { ReportRequestedDialog } from './ReportRequestedDialog';
import { ReportSelectionForm } from './ReportSelectionForm';
import { OPTIONAL_COLUMNS, selectionGridColumns, shownReportColumns } from './selection-report-columns';

const FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'EXCEL', csv: 'CSV' };

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
  const [pagination, setPagination] = useState(FIRST_REPORT_PAGE);
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
            <ReportGrid
              label={label}
              rows={rows.data?.data ?? []}
              getRowId={(row) => row.key}
              total={total}
              columns={columns}
              isLoading={rows.isPending || rows.isPlaceholderData}
              pagination={pagination}
              onPaginationChange={setPagination}
              emptyMessage="Nothing matches this selection"
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
