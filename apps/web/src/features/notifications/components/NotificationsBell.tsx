import { NotificationsIcon } from '../../../components/icons';
import { TopBarPopoverButton } from '../../../components/TopBarPopoverButton';
import { useUnreadCountQuery } from '../api/notifications-api';
import { useNotificationStream } from '../api/use-notification-stream';
import { NotificationsPanel } from './NotificationsPanel';

export function NotificationsBell() {
  const unread = useUnreadCountQuery();
  useNotificationStream();
  const count = unread.data ?? 0;
  return (
    <TopBarPopoverButton
      label="notifications"
      title={count > 0 ? `${count} unread notifications` : 'No unread notifications'}
      icon={<NotificationsIcon />}
      count={count}
      dialogLabel="Notifications"
    >
      {(close) => <NotificationsPanel onOpenRecord={close} />}
    </TopBarPopoverButton>
  );
}
