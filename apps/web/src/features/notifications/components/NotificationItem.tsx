import { NOTIFICATION_STATUS, NOTIFICATION_TYPES, type Notification } from '@lawn/shared';
import { CircleIcon, MailIcon, OpenInNewIcon as OpenInNew } from '../../../components/icons';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { recordPath } from '../../../lib/record-link';
import { customerLabel } from '../notification-groups';

type NotificationItemProps = {
  notification: Notification;
  isToday: boolean;
  isBusy: boolean;
  onMarkRead: (notification: Notification) => void;
  onMarkUnread: (notification: Notification) => void;
  /** A customer record is being opened from the item (the panel then closes). */
  onOpenRecord: () => void;
};

/** The customer record a customer-activity notification is about, if it names one. */
function recordOf(notification: Notification): number | null {
  return notification.typeId === NOTIFICATION_TYPES.customerActivity ? notification.customerAttributeId : null;
}

export function NotificationItem({
  notification,
  isToday,
  isBusy,
  onMarkRead,
  onMarkUnread,
  onOpenRecord,
}: NotificationItemProps) {
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

  const recordId = recordOf(notification);
  const openRecord = recordId !== null && (
    <IconButton
      component={RouterLink}
      to={recordPath(recordId)}
      edge="end"
      size="small"
      aria-label={`Open the customer of: ${notification.name}`}
      onClick={() => {
        if (isUnread) onMarkRead(notification);
        onOpenRecord();
      }}
    >
      <OpenInNew fontSize="small" />
    </IconButton>
  );

  // Only unread items do something when chosen, so only they are buttons; a read one can be marked unread again,
  // and an item about a record also opens it.
  if (!isUnread) {
    const markUnread = (
      <IconButton
        size="small"
        aria-label={`Mark as unread: ${notification.name}`}
        disabled={isBusy}
        onClick={() => onMarkUnread(notification)}
      >
        <MailIcon fontSize="small" />
      </IconButton>
    );
    return (
      <ListItem
        sx={{ py: 1, pr: recordId === null ? 6 : 10 }}
        secondaryAction={
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            {markUnread}
            {openRecord}
          </Box>
        }
      >
        {content}
      </ListItem>
    );
  }
  return (
    <ListItem disablePadding secondaryAction={openRecord}>
      <ListItemButton onClick={() => onMarkRead(notification)} disabled={isBusy} sx={{ py: 1 }}>
        {content}
      </ListItemButton>
    </ListItem>
  );
}
