import type { Report, ReportStatus } from '@lawn/shared';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  requested: 'Requested',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
};

const COLORS: Record<ReportStatus, ChipProps['color']> = {
  requested: 'default',
  in_progress: 'info',
  completed: 'success',
  failed: 'error',
};

export const UNKNOWN_FAILURE = 'The report could not be written.';

/** Spec 3 section 4: requested, in progress, completed or failed (with the reason on hover or focus). */
export function ReportStatusChip({ report }: { report: Pick<Report, 'status' | 'failureReason'> }) {
  const isWorking = report.status === 'requested' || report.status === 'in_progress';
  const chip = (
    <Chip
      size="small"
      variant={report.status === 'completed' ? 'filled' : 'outlined'}
      color={COLORS[report.status]}
      label={REPORT_STATUS_LABELS[report.status]}
      icon={isWorking ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      // Focusable only when there is a reason to read.
      tabIndex={report.status === 'failed' ? 0 : undefined}
    />
  );
  if (report.status !== 'failed') return chip;
  return (
    <Tooltip title={report.failureReason ?? UNKNOWN_FAILURE} describeChild>
      {chip}
    </Tooltip>
  );
}
