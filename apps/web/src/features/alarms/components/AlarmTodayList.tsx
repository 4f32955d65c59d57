import { ALARM_MESSAGES, type Alarm, type AlarmStatus } from '@lawn/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useAlarmStatusMutation } from '../api/alarms-api';

type AlarmTodayListProps = {
  today: UseQueryResult<{ today: string; data: Alarm[] }>;
};

/** The switches each alarm of the list has, each setting its own field of the alarm's status. */
const SWITCHES = [
  { field: 'active', label: 'Active' },
  { field: 'snooze', label: 'Snooze' },
] as const satisfies readonly { field: keyof AlarmStatus; label: string }[];

/** Today's alarms of the person, by hour, each with its Active switch (off is Stop alarm) and its Snooze switch. */
export function AlarmTodayList({ today }: AlarmTodayListProps) {
  const status = useAlarmStatusMutation();
  const busyId = status.isPending ? status.variables.id : null;
  if (today.isPending) {
    return (
      <Stack sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading today's alarms">
        <Skeleton width="70%" />
        <Skeleton width="40%" />
      </Stack>
    );
  }
  if (today.isError) return <LoadErrorAlert error={today.error} onRetry={() => void today.refetch()} sx={{ m: 2 }} />;
  if (today.data.data.length === 0) {
    return (
      <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{ALARM_MESSAGES.emptyToday}</Typography>
    );
  }
  return (
    <List dense aria-label="Today's alarms">
      {today.data.data.map((alarm) => (
        <ListItem key={alarm.id} divider sx={{ flexWrap: 'wrap' }}>
          <ListItemText
            primary={`${alarm.alarmHour} ${alarm.regarding}`}
            secondary={alarm.detail}
            slotProps={{ secondary: { noWrap: true } }}
            sx={{ minWidth: 0, flexBasis: '100%' }}
          />
          {SWITCHES.map(({ field, label }) => (
            <FormControlLabel
              key={field}
              label={label}
              control={
                <Switch
                  size="small"
                  color="secondary"
                  checked={alarm[field]}
                  disabled={busyId === alarm.id}
                  onChange={(event) => status.mutate({ id: alarm.id, status: { [field]: event.target.checked } })}
                  slotProps={{ input: { 'aria-label': `${label}: ${alarm.alarmHour} ${alarm.regarding}` } }}
                />
              }
            />
          ))}
        </ListItem>
      ))}
    </List>
  );
}
