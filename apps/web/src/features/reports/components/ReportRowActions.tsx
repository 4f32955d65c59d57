import type { Report } from '@lawn/shared';
import {
  DeleteOutlinedIcon as DeleteOutlined,
  FileDownloadIcon as FileDownload,
  ReplayIcon as Replay,
} from '../../../components/icons';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

type ReportRowActionsProps = {
  report: Report;
  isDownloading: boolean;
  isRetrying: boolean;
  onOpenMenu: (report: Report, anchor: HTMLElement) => void;
  onRetry: (report: Report) => void;
  onDelete: (report: Report) => void;
};

/**
 * The actions cell. Its menu and dialogs live on the page, outside the grid, so keys typed in
 * them never reach the grid's own keyboard handling.
 */
export function ReportRowActions({
  report,
  isDownloading,
  isRetrying,
  onOpenMenu,
  onRetry,
  onDelete,
}: ReportRowActionsProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title="Download options">
        <IconButton
          size="small"
          aria-label="Download options"
          aria-haspopup="menu"
          onClick={(event) => onOpenMenu(report, event.currentTarget)}
        >
          {isDownloading ? <CircularProgress size={18} aria-label="Downloading" /> : <FileDownload fontSize="small" />}
        </IconButton>
      </Tooltip>
      {report.status === 'failed' && (
        <Tooltip title="Retry">
          <IconButton size="small" aria-label="Retry" disabled={isRetrying} onClick={() => onRetry(report)}>
            <Replay fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Delete">
        <IconButton size="small" aria-label="Delete" onClick={() => onDelete(report)}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
