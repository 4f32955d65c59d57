import { NOTIFICATION_STATUS, type Notification } from '@lawn/shared';
import CircleIcon from '@mui/icons-material/Circle';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { customerLabel } from '../notification-groups';

type NotificationItemProps = {
  notification: Notification;
  isToday: boolean;
  isBusy: boolean;
  onMarkRead: (notification: Notification) => void;
};

export function NotificationItem({ notification, isToday, isBusy, onMarkRead }: NotificationItemProps) {
  const isUnread = notification.status === NOTIFICATION_STATUS.unread;
  const date = new Date(notification.date);
  const customer = customerLabel(notification);
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 28 }}>
        {isUnread && <CircleIcon color="secondary" sx={{ fontSize: 10 }} aria-hidden />}
      </ListItemIcon>
      <ListItemText
        primary={
          <>
            {isUnread && (
              <Box component="span" sx={visuallyHiddenSx}>
                Unread:{' '}
              </Box>
            )}
            {notification.name}
          </>
        }
        secondary={
          <>
            {customer && (
              <Box component="span" sx={{ display: 'block' }}>
                {customer}
              </Box>
            )}
            <Box component="time" dateTime={notification.date} sx={{ display: 'block' }}>
              {isToday ? formatTime(date) : formatDateTime(date)}
            </Box>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: isUnread ? 600 : 400 } } }}
      />
    </>
  );

  // Only unread items do something when chosen, so only they are buttons.
  if (!isUnread) return <ListItem sx={{ py: 1 }}>{content}</ListItem>;
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={() => onMarkRead(notification)} disabled={isBusy} sx={{ py: 1 }}>
        {content}
      </ListItemButton>
    </ListItem>
  );
}
