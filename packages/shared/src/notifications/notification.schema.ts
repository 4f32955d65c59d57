import { z } from 'zod';
import { addDays, BUSINESS_TIME_ZONE, calendarDateIn } from '../schedule/calendar-date';
import { idSchema, listOf, requiredText } from '../validation';

/** Type 3 is customer activity (links to the property); type 4 is anything else. */
export const NOTIFICATION_TYPES = { customerActivity: 3, other: 4 } as const;
/** Status 1 is unread, 0 read. */
export const NOTIFICATION_STATUS = { read: 0, unread: 1 } as const;
/**
 * How many minutes before its due day a notification becomes available, in whole hours of the day before. A whole
 * day (the default) makes it available from midnight of the day before, i.e. at once for anything due today.
 */
export const NOTIFICATION_DURATION = { min: 0, max: 24 * 60, default: 24 * 60 } as const;
/** How often the client works out availability again: it moves with the hour. */
export const NOTIFICATION_AVAILABILITY_REFRESH_MS = 60 * 60 * 1000;

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
  /** Minutes before the due day it becomes available (shown as hours before). */
  duration: z.number().int(),
  /** Available now (see `isNotificationAvailable`), so it counts towards the unread badge. */
  available: z.boolean(),
  customerAttributeId: z.number().int().nullable(),
  customerName: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const markNotificationsReadSchema = z.strictObject({
  ids: listOf(idSchema, { min: 1, max: 500 }),
});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadSchema>;

/** Marks one notification read (0) or unread again (1). */
export const updateNotificationSchema = z.strictObject({
  status: z.union([z.literal(NOTIFICATION_STATUS.read), z.literal(NOTIFICATION_STATUS.unread)]),
});

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour of the day (0 to 23) an instant falls on in a time zone. */
export function hourIn(instant: Date, timeZone: string = BUSINESS_TIME_ZONE): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  return Number(formatter.formatToParts(instant).find((part) => part.type === 'hour')?.value ?? 0);
}

/**
 * Whether a notification is available, i.e. counts towards the bell. One due today or earlier (in the business's time
 * zone) is; one due tomorrow is once the current hour is at least |duration/60 - 24| (a duration of 120 minutes makes
 * it available from 22:00 the day before); anything due later is not yet.
 */
export function isNotificationAvailable(
  notification: { date: string | Date; duration: number },
  now: Date,
  timeZone: string = BUSINESS_TIME_ZONE,
): boolean {
  const due = calendarDateIn(new Date(notification.date), timeZone);
  const today = calendarDateIn(now, timeZone);
  if (due <= today) return true;
  if (due !== addDays(today, 1)) return false;
  return hourIn(now, timeZone) >= Math.abs(notification.duration / 60 - 24);
}

/**
 * What the notifications socket carries. The client opens it and sends `hello` with its access token (a browser
 * cannot put headers on a WebSocket, and a token in the address would land in access logs) and the newest id it
 * holds; the server answers `ready`, then every notification of the caller's raised or changed since, then each
 * one as it happens. A socket whose hello is missing or does not name a live session is closed with nothing sent.
 */
export const notificationSocketHelloSchema = z.strictObject({
  type: z.literal('hello'),
  token: requiredText({ required: 'Sign in again', max: 4096 }),
  /** The newest notification id the client already has; those after it are sent at once. */
  afterId: idSchema.optional(),
});
export type NotificationSocketHello = z.infer<typeof notificationSocketHelloSchema>;

export const notificationSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('notification'), data: notificationSchema }),
]);
export type NotificationSocketMessage = z.infer<typeof notificationSocketMessageSchema>;

/**
 * Close codes of the notifications socket: no valid hello (sign in again before retrying), a failure on the server's
 * side (retry later) and the server stopping (retry later).
 */
export const NOTIFICATION_SOCKET_CLOSE = { unauthorized: 4401, tryAgain: 1011, goingAway: 1001 } as const;
