import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, type Notification } from '@lawn/shared';
import { dayKey } from '../../lib/dates';

export type NotificationGroups = { today: Notification[]; older: Notification[] };

/**
 * TODAY holds today's notifications and any due later (they are reminders ahead of time);
 * OLDER holds those from earlier days. Days are counted in the business time zone.
 */
export function groupNotifications(
  notifications: readonly Notification[],
  now: Date,
  timeZone?: string,
): NotificationGroups {
  const today = dayKey(now, timeZone);
  const groups: NotificationGroups = { today: [], older: [] };
  for (const notification of notifications) {
    const day = dayKey(new Date(notification.date), timeZone);
    (day >= today ? groups.today : groups.older).push(notification);
  }
  return groups;
}

/** The second line of an item: the customer for customer activity. */
export function customerLabel(notification: Notification): string | null {
  if (notification.typeId !== NOTIFICATION_TYPES.customerActivity) return notification.customerName;
  return notification.customerName?.trim() ? notification.customerName : NOTIFICATION_MESSAGES.unknownCustomer;
}
