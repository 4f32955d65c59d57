import { SEASON_MESSAGES, type ScheduleStatus } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatDateTime } from '../../../lib/dates';
import { formatCount } from '../../../lib/format';

export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus['status'], string> = {
  none: 'Not processed',
  requested: 'Requested',
  in_progress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
};

export const UNKNOWN_SCHEDULE_FAILURE = 'The schedule could not be processed.';

type ScheduleProgressProps = {
  status: ScheduleStatus | undefined;
  error: unknown;
  onRetry: () => void;
};

function isRunning(status: ScheduleStatus): boolean {
  return status.status === 'requested' || status.status === 'in_progress';
}

function StatusDetail({ status }: { status: ScheduleStatus }) {
  if (status.status === 'failed') {
    return <Alert severity="error">{status.failureReason ?? UNKNOWN_SCHEDULE_FAILURE}</Alert>;
  }
  // isProgress covers every year: the run holding Process back may belong to another one.
  if (status.isProgress && !isRunning(status)) {
    return <Alert severity="info">Another year is being processed; Process is available again when it ends.</Alert>;
  }
  if (status.status === 'completed' && status.completedAt) {
    return (
      <Typography variant="body2" color="text.secondary">
        Completed {formatDateTime(new Date(status.completedAt))}
      </Typography>
    );
  }
  return null;
}

/** The progress bar of the year's latest processing run: how many properties are planned so far. */
export function ScheduleProgress({ status, error, onRetry }: ScheduleProgressProps) {
  if (!status) {
    if (!error) return <Skeleton variant="rounded" height={72} />;
    return <LoadErrorAlert subject="The schedule status" error={error} onRetry={onRetry} />;
  }

  const isNone = status.status === 'none';
  return (
    <Paper component="section" aria-label="Schedule status" variant="outlined" sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {status.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {SCHEDULE_STATUS_LABELS[status.status]}
          </Typography>
        </Stack>
        {isNone ? (
          <Typography variant="body2" color="text.secondary">
            {SEASON_MESSAGES.nothingRun}
          </Typography>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1 }}>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, Math.max(0, status.percentage))}
                color={status.status === 'failed' ? 'error' : 'secondary'}
                aria-label={`${status.name} progress`}
              />
            </Box>
            <Typography variant="body2" sx={{ minWidth: 200, textAlign: 'right' }}>
              {formatCount(status.progress)} of {formatCount(status.total)} properties · {status.percentage}%
            </Typography>
          </Stack>
        )}
        <StatusDetail status={status} />
      </Stack>
    </Paper>
  );
}
