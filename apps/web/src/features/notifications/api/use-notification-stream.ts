import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, sessionAccessToken } from '../../../lib/api';
import { openNotificationStream } from '../notification-stream';
import { notificationKeys } from './notifications-api';

/**
 * Notifications arrive as they are raised: while mounted, a socket tells of each one and the bell and panel refetch.
 * A refused token is renewed by an ordinary call (which refreshes the session) before the socket tries again.
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openNotificationStream({
        getToken: sessionAccessToken,
        onChange: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        onUnauthorized: () => void api.get('/me').catch(() => undefined),
      }),
    [queryClient],
  );
}
