import { NOTIFICATION_STATUS, NOTIFICATION_TYPES } from '@lawn/shared';
import { z } from 'zod';
import { notifications } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/notifications: the caller's own notifications, newest due date first. */
export const notificationsList: ListDefinition = {
  filters: {
    status: equalsFilter(
      notifications.status,
      z.coerce.number().pipe(z.union([z.literal(NOTIFICATION_STATUS.read), z.literal(NOTIFICATION_STATUS.unread)])),
      'Status: 1 unread, 0 read',
    ),
    typeId: equalsFilter(
      notifications.typeId,
      z.coerce
        .number()
        .pipe(z.union([z.literal(NOTIFICATION_TYPES.customerActivity), z.literal(NOTIFICATION_TYPES.other)])),
      'Type: 3 customer activity, 4 other',
    ),
  },
  sorts: { date: notifications.date, id: notifications.id },
  defaultSort: '-date',
  defaultLimit: 50,
  tiebreak: notifications.id,
};
