import { NotificationsIcon } from '../../../components/icons';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import { useState } from 'react';
import { useUnreadCountQuery } from '../api/notifications-api';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationsPanel } from './NotificationsPanel';

export function NotificationsBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useUnreadCountQuery();
  useNotificationStream();
  const count = unread.data ?? 0;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="notifications"
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        title={count > 0 ? `${count} unread notifications` : 'No unread notifications'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={count} color="secondary" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications' } }}
      >
        <NotificationsPanel onOpenRecord={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
