import { z } from 'zod';
import { idSchema, listOf } from '../validation';

/** Type 3 is customer activity (links to the property); type 4 is anything else. */
export const NOTIFICATION_TYPES = { customerActivity: 3, other: 4 } as const;
/** Status 1 is unread, 0 read. */
export const NOTIFICATION_STATUS = { read: 0, unread: 1 } as const;

export const NOTIFICATION_MESSAGES = {
  empty: 'There are no pending notifications',
  unknownCustomer: 'Name not registered',
} as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  typeId: z.union([z.literal(3), z.literal(4)]),
  status: z.union([z.literal(0), z.literal(1)]),
  name: z.string(),
  /** When the notification is due (ISO 8601). */
  date: z.string(),
  /** Due within the availability window, so it counts towards the unread badge. */
  available: z.boolean(),
  customerAttributeId: z.number().int().nullable(),
  customerName: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const markNotificationsReadSchema = z.strictObject({
  ids: listOf(idSchema, { min: 1, max: 500 }),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

export const updateNotificationSchema = z.strictObject({ status: z.literal(0) });
