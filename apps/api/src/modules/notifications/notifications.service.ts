import type { Notification } from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import * as repo from './notifications.repo';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

/**
 * Raises a notification for each of the users inside the caller's transaction, so it exists exactly when the change
 * it tells of does. The bell counts it once it is due (24 hours before `date`).
 */
export const notifyUsers = (
  executor: Executor,
  userIds: readonly number[],
  notification: repo.NewNotification,
): Promise<void> => repo.insertNotifications(executor, userIds, notification);

export function createNotificationsService({ db }: { db: Database }) {
  return {
    /**
     * The caller's notifications. render=count answers the bell's badge, so it counts only notifications that are
     * already available (due within 24 hours); the list itself shows all, each with its `available` flag.
     */
    list: (userId: number, query: ListQuery): Promise<ListResult<Notification>> =>
      repo.listNotifications(db, userId, query, { onlyAvailableInCount: true }),

    async markRead(userId: number, id: number): Promise<Notification> {
      const notification = await repo.markNotificationRead(db, userId, id);
      // Someone else's notification answers exactly like a missing one.
      if (!notification) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
      return notification;
    },

    markManyRead: (userId: number, ids: readonly number[]): Promise<number> =>
      repo.markNotificationsRead(db, userId, ids),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
