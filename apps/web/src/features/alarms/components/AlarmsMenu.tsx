import { APP_PATHS, type Alarm } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { AlarmIcon } from '../../../components/icons';
import { TopBarPopoverButton } from '../../../components/TopBarPopoverButton';
import {
  askNotificationPermission,
  notificationPermission,
  playAlarmBeep,
  showAlarmNotification,
  unlockAlarmSoundOnInteraction,
} from '../alarm-signals';
import { useTodayAlarmsQuery } from '../api/alarms-api';
import { useAlarmWatcher } from '../use-alarm-watcher';
import { AlarmRingingDialog } from './AlarmRingingDialog';
import { AlarmTodayList } from './AlarmTodayList';

/**
 * The top bar's alarms: a button with the count of today's active alarms opening today's list, and the watcher that
 * opens an alarm (with a beep and, when allowed, a browser notification) once it is due.
 */
export function AlarmsMenu() {
  const [permission, setPermission] = useState(notificationPermission);
  const today = useTodayAlarmsQuery();
  const onRing = useCallback((alarm: Alarm) => {
    playAlarmBeep();
    showAlarmNotification(alarm);
  }, []);
  const { ringing, dismiss } = useAlarmWatcher({ alarms: today.data?.data, onRing });
  useEffect(unlockAlarmSoundOnInteraction, []);

  const activeCount = today.data?.data.filter((alarm) => alarm.active).length ?? 0;
  const [firstRinging] = ringing;
  return (
    <>
      <TopBarPopoverButton
        label="alarms"
        title={activeCount > 0 ? `${activeCount} active alarms today` : 'No active alarms today'}
        icon={<AlarmIcon />}
        count={activeCount}
        dialogLabel="Today's alarms"
      >
        {(close) => (
          <Box sx={{ width: 360, maxWidth: '100vw' }}>
            <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
              Today&apos;s alarms
            </Typography>
            <Box sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
              <AlarmTodayList today={today} />
            </Box>
            <Divider />
            <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'space-between' }}>
              {permission === 'default' ? (
                <Button size="small" onClick={() => void askNotificationPermission().then(setPermission)}>
                  Allow desktop notifications
                </Button>
              ) : (
                <span />
              )}
              <Button size="small" color="secondary" component={RouterLink} to={APP_PATHS.alarms} onClick={close}>
                All alarms
              </Button>
            </Stack>
          </Box>
        )}
      </TopBarPopoverButton>
      {firstRinging && (
        <AlarmRingingDialog key={firstRinging.id} alarm={firstRinging} onClose={() => dismiss(firstRinging.id)} />
      )}
    </>
  );
}
