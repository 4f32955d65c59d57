import { formatUsDate, type Alarm } from '@lawn/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PendingButton } from '../../../components/PendingButton';
import { useAlarmStatusMutation } from '../api/alarms-api';

type AlarmRingingDialogProps = {
  alarm: Alarm;
  onClose: () => void;
};

/**
 * The alarm that rang: what it is about and its detail, with Stop alarm (it rings no more) and Snooze (it rings again
 * its duration later). Closing leaves it as it is.
 */
export function AlarmRingingDialog({ alarm, onClose }: AlarmRingingDialogProps) {
  const titleId = useId();
  const detailId = useId();
  const status = useAlarmStatusMutation();
  const setStatus = (change: { active: false } | { snooze: true }) =>
    status.mutate({ id: alarm.id, status: change }, { onSuccess: onClose });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={detailId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Alarm: {alarm.regarding}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" component="p" gutterBottom>
          {formatUsDate(alarm.alarmDate)} at {alarm.alarmHour}
          {alarm.snooze ? ` (snoozed ${alarm.duration} min)` : ''}
        </Typography>
        <DialogContentText id={detailId} sx={{ whiteSpace: 'pre-wrap' }}>
          {alarm.detail}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={status.isPending}>
          Close
        </Button>
        {!alarm.snooze && (
          <PendingButton
            isPending={status.isPending && status.variables.status.snooze === true}
            disabled={status.isPending}
            onClick={() => setStatus({ snooze: true })}
          >
            Snooze {alarm.duration} min
          </PendingButton>
        )}
        <PendingButton
          color="secondary"
          variant="contained"
          isPending={status.isPending && status.variables.status.active === false}
          disabled={status.isPending}
          onClick={() => setStatus({ active: false })}
        >
          Stop alarm
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
