import { NOTIFICATION_MESSAGES, NOTIFICATION_STATUS, type Notification } from '@lawn/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { selectIsOnlyUnread, setOnlyUnread, useAppState } from '../../../lib/app-store';
import { useMarkAllReadMutation, useNotificationsQuery, useSetStatusMutation } from '../api/notifications-api';
import { groupNotifications } from '../notification-groups';
import { NotificationItem } from './NotificationItem';

function LoadingRows() {
  return (
    <Box sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading notifications">
      {[0, 1, 2].map((row) => (
        <Box key={row} sx={{ mb: 2 }}>
          <Skeleton width="70%" />
          <Skeleton width="40%" />
        </Box>
      ))}
    </Box>
  );
}

type GroupProps = {
  title: string;
  items: Notification[];
  isToday: boolean;
  busyId: number | null;
  onMarkRead: (notification: Notification) => void;
  onMarkUnread: (notification: Notification) => void;
  onOpenRecord: () => void;
};

function Group({ title, items, isToday, busyId, onMarkRead, onMarkUnread, onOpenRecord }: GroupProps) {
  if (items.length === 0) return null;
  return (
    <List dense subheader={<ListSubheader disableSticky>{title}</ListSubheader>} aria-label={title}>
      {items.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          isToday={isToday}
          isBusy={busyId === notification.id}
          onMarkRead={onMarkRead}
          onMarkUnread={onMarkUnread}
          onOpenRecord={onOpenRecord}
        />
      ))}
    </List>
  );
}

/** `onOpenRecord`: a notification opens the customer record it is about, so the panel should close. */
export function NotificationsPanel({ onOpenRecord }: { onOpenRecord: () => void }) {
  const isOnlyUnread = useAppState(selectIsOnlyUnread);
  const list = useNotificationsQuery(isOnlyUnread, true);
  const setStatus = useSetStatusMutation();
  const markRead = (notification: Notification) => setStatus.mutate({ notification, status: NOTIFICATION_STATUS.read });
  const markUnread = (notification: Notification) =>
    setStatus.mutate({ notification, status: NOTIFICATION_STATUS.unread });
  const markAll = useMarkAllReadMutation();
  // The panel mounts each time it opens, so "today" is fresh enough.
  const [now] = useState(() => new Date());

  const notifications = list.data?.data ?? [];
  const unreadIds = notifications.filter((item) => item.status === NOTIFICATION_STATUS.unread).map((item) => item.id);
  const groups = groupNotifications(notifications, now);
  const busyId = setStatus.isPending ? (setStatus.variables?.notification.id ?? null) : null;

  return (
    <Box sx={{ width: 400, maxWidth: '100vw' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <Typography variant="h6" component="h2">
          Notifications
        </Typography>
        <Button
          size="small"
          color="secondary"
          onClick={() => markAll.mutate(unreadIds)}
          disabled={unreadIds.length === 0 || markAll.isPending}
        >
          Mark all as read
        </Button>
      </Stack>
      <Box sx={{ px: 2, pb: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={isOnlyUnread}
              onChange={(event) => setOnlyUnread(event.target.checked)}
              color="secondary"
              size="small"
            />
          }
          label="Show only unread"
        />
      </Box>
      <Divider />
      <Box sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {list.isPending && <LoadingRows />}
        {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} sx={{ m: 2 }} />}
        {list.isSuccess && notifications.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {NOTIFICATION_MESSAGES.empty}
          </Typography>
        )}
        <Group
          title="TODAY"
          items={groups.today}
          isToday
          busyId={busyId}
          onMarkRead={markRead}
          onMarkUnread={markUnread}
          onOpenRecord={onOpenRecord}
        />
        <Group
          title="OLDER"
          items={groups.older}
          isToday={false}
          busyId={busyId}
          onMarkRead={markRead}
          onMarkUnread={markUnread}
          onOpenRecord={onOpenRecord}
        />
      </Box>
    </Box>
  );
}
