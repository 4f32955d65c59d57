import {
  NOTIFICATION_AVAILABILITY_REFRESH_MS,
  NOTIFICATION_STATUS,
  countSchema,
  notificationSchema,
  pageSchema,
  type Notification,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

export const NOTIFICATIONS_LIMIT = 50;

const notificationPageSchema = pageSchema(notificationSchema);
const markAllResultSchema = z.object({ updated: z.number().int() });

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  list: (isOnlyUnread: boolean) => ['notifications', 'list', { isOnlyUnread }] as const,
};

/**
 * The badge: unread AND available notifications, counted by the server. New ones arrive over the socket
 * (`useNotificationStream`); the hourly refetch is for availability, which moves with the hour.
 */
export function useUnreadCountQuery() {
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: async ({ signal }) =>
      countSchema.parse(
        await api.get('/notifications', {
          query: { 'filter[status]': NOTIFICATION_STATUS.unread, render: 'count' },
          signal,
        }),
      ).total,
    refetchInterval: NOTIFICATION_AVAILABILITY_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

export function useNotificationsQuery(isOnlyUnread: boolean, isEnabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(isOnlyUnread),
    queryFn: async ({ signal }) =>
      notificationPageSchema.parse(
        await api.get('/notifications', {
          query: {
            sort: '-date',
            limit: NOTIFICATIONS_LIMIT,
            'filter[status]': isOnlyUnread ? NOTIFICATION_STATUS.unread : undefined,
          },
          signal,
        }),
      ),
    enabled: isEnabled,
    refetchInterval: NOTIFICATION_AVAILABILITY_REFRESH_MS,
    staleTime: 0,
  });
}

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Marks one notification read, or unread again. */
export function useSetStatusMutation() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: ({ notification, status }: { notification: Notification; status: Notification['status'] }) =>
      api.patch(`/notifications/${notification.id}`, { status }),
    onSuccess: invalidate,
  });
}

export function useMarkAllReadMutation() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: async (ids: number[]) => markAllResultSchema.parse(await api.patch('/notifications', { ids })),
    onSuccess: invalidate,
  });
}
