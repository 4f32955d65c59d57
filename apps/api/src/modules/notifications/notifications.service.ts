import { NOTIFICATION_TYPES, type Notification, type Role } from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { activeUserIdsWithRoles } from '../users/users.service';
import * as repo from './notifications.repo';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';
/** The most a reconnecting socket is sent at once; the client refetches its list anyway. */
export const CATCH_UP_LIMIT = 100;

/**
 * Who is told of what. Customer activity reaches every Admin and Manager, and the customer's own representative or
 * customer-service rep (the record's CSR); anything else reaches the whole office.
 */
export const NOTIFIED_ROLES = {
  [NOTIFICATION_TYPES.customerActivity]: ['Admin', 'Manager'],
  [NOTIFICATION_TYPES.other]: ['Admin', 'Manager', 'Representative', 'customer-service'],
} as const satisfies Record<Notification['typeId'], readonly Role[]>;
const OFFICE_ROLES_TOLD_OF_THEIR_CUSTOMERS: readonly Role[] = NOTIFIED_ROLES[NOTIFICATION_TYPES.other];

/** Admins and Managers see notifications whatever their due date; others see theirs a day ahead. */
const SEE_EVERY_DUE_DATE: readonly Role[] = ['Admin', 'Manager'];

export type NotificationReader = { id: number; role: Role };
const viewerOf = (user: NotificationReader): repo.Viewer => ({
  id: user.id,
  seesEveryDueDate: SEE_EVERY_DUE_DATE.includes(user.role),
});

/**
 * Raises a notification for each of the users inside the caller's transaction, so it exists exactly when the change
 * it tells of does (and reaches open sockets when that transaction commits).
 */
export const notifyUsers = (
  executor: Executor,
  userIds: readonly number[],
  notification: repo.NewNotification,
): Promise<void> => repo.insertNotifications(executor, userIds, notification);

export type OfficeNotification = Omit<repo.NewNotification, 'typeId'> & {
  typeId: Notification['typeId'];
  /** Someone who is not told, e.g. the user who made the change themselves. */
  exceptUserId?: number | null;
};

/**
 * Raises a notification for the office as `NOTIFIED_ROLES` says, inside the caller's transaction: one row per
 * recipient, so each reads (and marks read) their own.
 */
export async function notifyOffice(executor: Executor, notification: OfficeNotification): Promise<void> {
  const { exceptUserId, ...values } = notification;
  const recipients = new Set(await activeUserIdsWithRoles(executor, NOTIFIED_ROLES[values.typeId]));
  if (values.customerAttributeId != null) {
    const csr = await repo.findActiveCsr(executor, values.customerAttributeId, OFFICE_ROLES_TOLD_OF_THEIR_CUSTOMERS);
    if (csr !== null) recipients.add(csr);
  }
  if (exceptUserId != null) recipients.delete(exceptUserId);
  await repo.insertNotifications(
    executor,
    [...recipients].sort((a, b) => a - b),
    values,
  );
}

export function createNotificationsService({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    /**
     * The caller's notifications. render=count answers the bell's badge, so it counts only notifications that are
     * already available; the list itself shows all the caller sees, each with its `available` flag.
     */
    list: (user: NotificationReader, query: ListQuery): Promise<ListResult<Notification>> =>
      repo.listNotifications(db, viewerOf(user), query, clock()),

    /** One notification, if the user sees it now (what a socket may carry). */
    findVisible: (user: NotificationReader, id: number): Promise<Notification | null> =>
      repo.findVisibleNotification(db, viewerOf(user), id, clock()),

    /** What a socket missed: the user's notifications after `afterId`, oldest first. */
    listAfter: (user: NotificationReader, afterId: number): Promise<Notification[]> =>
      repo.listVisibleAfter(db, viewerOf(user), afterId, clock(), CATCH_UP_LIMIT),

    /** The newest notification id of anyone: where a socket that asked for no catch-up starts from. */
    latestId: (): Promise<number> => repo.latestNotificationId(db),

    async setStatus(user: NotificationReader, id: number, status: Notification['status']): Promise<Notification> {
      const notification = await repo.setNotificationStatus(db, user.id, id, status, clock());
      // Someone else's notification answers exactly like a missing one.
      if (!notification) throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
      return notification;
    },

    markManyRead: (user: NotificationReader, ids: readonly number[]): Promise<number> =>
      repo.markNotificationsRead(db, user.id, ids),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
