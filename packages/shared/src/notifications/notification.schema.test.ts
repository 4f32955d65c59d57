import { describe, expect, it } from 'vitest';
import {
  hourIn,
  isNotificationAvailable,
  notificationSocketHelloSchema,
  updateNotificationSchema,
} from './notification.schema';

// 15:00 in Chicago (CDT, UTC-5) on 10 June 2026.
const NOW = new Date('2026-06-10T20:00:00Z');
/** Noon in Chicago, `days` after NOW's day. */
const dueIn = (days: number) => new Date(Date.UTC(2026, 5, 10 + days, 17)).toISOString();

describe('isNotificationAvailable', () => {
  it.each([
    ['due yesterday', dueIn(-1), 0, true],
    ['due today, any duration', dueIn(0), 0, true],
    ['due tomorrow, a whole day ahead: from 00:00', dueIn(1), 1440, true],
    ['due tomorrow, 10 hours ahead: from 14:00', dueIn(1), 600, true],
    ['due tomorrow, 9 hours ahead: from 15:00', dueIn(1), 540, true],
    ['due tomorrow, 8 hours ahead: from 16:00', dueIn(1), 480, false],
    ['due tomorrow, no lead time: never the day before', dueIn(1), 0, false],
    ['due in two days', dueIn(2), 1440, false],
  ])('%s', (_label, date, duration, expected) => {
    expect(isNotificationAvailable({ date, duration }, NOW)).toBe(expected);
  });

  it('reads days and hours in the business time zone, not UTC', () => {
    // 23:30 in Chicago on 10 June is already 11 June in UTC: a notification due 11 June noon is "tomorrow".
    const lateEvening = new Date('2026-06-11T04:30:00Z');
    expect(hourIn(lateEvening)).toBe(23);
    expect(isNotificationAvailable({ date: dueIn(1), duration: 60 }, lateEvening)).toBe(true);
    expect(isNotificationAvailable({ date: dueIn(2), duration: 1440 }, lateEvening)).toBe(false);
  });
});

describe('notification inputs', () => {
  it('takes read (0) or unread (1) and nothing else', () => {
    expect(updateNotificationSchema.safeParse({ status: 0 }).success).toBe(true);
    expect(updateNotificationSchema.safeParse({ status: 1 }).success).toBe(true);
    expect(updateNotificationSchema.safeParse({ status: 2 }).success).toBe(false);
  });

  it('needs a token in the socket’s hello, and refuses NUL in it', () => {
    expect(notificationSocketHelloSchema.safeParse({ type: 'hello', token: 'abc', afterId: 3 }).success).toBe(true);
    expect(notificationSocketHelloSchema.safeParse({ type: 'hello', token: '' }).success).toBe(false);
    expect(notificationSocketHelloSchema.safeParse({ type: 'hello', token: 'a\u0000b' }).success).toBe(false);
    expect(notificationSocketHelloSchema.safeParse({ type: 'hello', token: 'abc', afterId: -1 }).success).toBe(false);
  });
});
