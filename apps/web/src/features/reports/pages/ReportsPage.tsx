import { APP_PATHS, REPORT_MESSAGES, REPORT_PAGE_SIZES, type Report } from '@lawn/shared';
import { RefreshIcon as Refresh } from '../../../components/icons';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridOverlay, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { useGridSearch, type GridSearchOptions } from '../../../lib/grid-search';
import {
  useDeleteReportMutation,
  useDownloadReportMutation,
  useReportsQuery,
  useRetryReportMutation,
} from '../api/reports-api';
import { REPORT_COLUMNS } from '../components/report-columns';
import { ReportRowActions } from '../components/ReportRowActions';
import { SendEmailDialog } from '../components/SendEmailDialog';

const REPORT_GRID_SEARCH: GridSearchOptions = {
  pageSizes: REPORT_PAGE_SIZES,
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
};

// The overlay is drawn inside the grid, whose children may only be rows (WCAG 1.3.1): the message
// is one row with one cell, so its heading and link are read like any other cell's.
function NoReportsOverlay() {
  return (
    <GridOverlay role="row" sx={{ p: 2, textAlign: 'center' }}>
      <Stack role="gridcell" spacing={0.5}>
        <Typography variant="subtitle1">No reports yet</Typography>
        <Typography variant="body2" color="text.secondary">
          Export customers from the{' '}
          <Link component={RouterLink} to={APP_PATHS.customerList} color="secondary">
            Customer List
          </Link>{' '}
          and the file appears here.
        </Typography>
      </Stack>
    </GridOverlay>
  );
}

type MenuState = { report: Report; anchor: HTMLElement };

/**
 * The generated reports: date, filename, status and actions (download or e-mail once completed, retry when failed,
 * delete), a Reload button, and rows that update by themselves while a report is being written.
 */
export function ReportsPage() {
  const confirm = useConfirm();
  const notify = useNotify();
  const [search, setSearch] = useGridSearch(REPORT_GRID_SEARCH);
  const reports = useReportsQuery(search);
  const download = useDownloadReportMutation();
  const retry = useRetryReportMutation();
  const remove = useDeleteReportMutation();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [emailReport, setEmailReport] = useState<Report | null>(null);

  const downloadingId = download.isPending ? (download.variables?.id ?? null) : null;
  const retryingId = retry.isPending ? (retry.variables?.id ?? null) : null;
  const { mutate: removeReport } = remove;
  const { mutate: retryReport } = retry;

  const columns = useMemo<GridColDef<Report>[]>(() => {
    const askToDelete = async (report: Report) => {
      const isConfirmed = await confirm({
        title: REPORT_MESSAGES.deleteConfirm,
        message: REPORT_MESSAGES.deleteDetail,
      });
      if (!isConfirmed) return;
      removeReport(report, {
        onSuccess: (answer) => notify(answer.message || REPORT_MESSAGES.deleted, 'success'),
      });
    };
    const askToRetry = (report: Report) =>
      retryReport(report, { onSuccess: () => notify(REPORT_MESSAGES.processing, 'info') });
    return [
      ...REPORT_COLUMNS,
      {
        field: 'actions',
        headerName: 'Actions',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <ReportRowActions
            report={row}
            isDownloading={downloadingId === row.id}
            isRetrying={retryingId === row.id}
            onOpenMenu={(report, anchor) => setMenu({ report, anchor })}
            onRetry={askToRetry}
            onDelete={(report) => void askToDelete(report)}
          />
        ),
      },
    ];
  }, [confirm, notify, removeReport, retryReport, downloadingId, retryingId]);

  const changePage = (model: GridPaginationModel) =>
    setSearch({ ...search, page: model.pageSize === search.pageSize ? model.page : 0, pageSize: model.pageSize });

  const isCompleted = menu?.report.status === 'completed';
  const chooseDownload = () => {
    if (!menu) return;
    setMenu(null);
    download.mutate(menu.report);
  };
  const chooseEmail = () => {
    if (!menu) return;
    setMenu(null);
    setEmailReport(menu.report);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          Exports are written in the background; a report being written updates here by itself.
        </Typography>
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<Refresh />}
          onClick={() => void reports.refetch()}
          disabled={reports.isFetching}
        >
          Reload
        </Button>
      </Stack>

      {reports.isError ? (
        <LoadErrorAlert subject="The reports" error={reports.error} onRetry={() => void reports.refetch()} />
      ) : (
        <DataGrid
          label="Generated reports"
          autoHeight
          rows={reports.data?.data ?? []}
          rowCount={reports.data?.total ?? 0}
          columns={columns}
          loading={reports.isPending || reports.isPlaceholderData}
          paginationMode="server"
          paginationModel={{ page: search.page, pageSize: search.pageSize }}
          onPaginationModelChange={changePage}
          pageSizeOptions={REPORT_PAGE_SIZES}
          disableColumnSorting
          disableColumnMenu
          disableColumnFilter
          disableColumnSelector
          disableRowSelectionOnClick
          slots={{ noRowsOverlay: NoReportsOverlay }}
          sx={{ bgcolor: 'background.paper', '--DataGrid-overlayHeight': '180px' }}
        />
      )}

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem disabled={!isCompleted} onClick={chooseDownload}>
          Download
        </MenuItem>
        <MenuItem disabled={!isCompleted} onClick={chooseEmail}>
          Send Email
        </MenuItem>
      </Menu>
      <SendEmailDialog report={emailReport} onClose={() => setEmailReport(null)} />
    </Stack>
  );
}
