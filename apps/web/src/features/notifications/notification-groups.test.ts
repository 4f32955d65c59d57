import type { Notification } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { customerLabel, groupNotifications } from './notification-groups';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    typeId: 4,
    status: 1,
    name: 'Call back',
    date: '2026-11-21T15:00:00Z',
    duration: 1440,
    available: true,
    customerAttributeId: null,
    customerName: null,
    ...overrides,
  };
}

describe('groupNotifications', () => {
  // 2026-11-21 18:00 UTC is 12:00 in Chicago.
  const now = new Date('2026-11-21T18:00:00Z');

  it('splits by calendar day in the business time zone', () => {
    const list = [
      notification({ id: 1, date: '2026-11-21T06:30:00Z' }), // 00:30 Chicago, today
      notification({ id: 2, date: '2026-11-21T05:30:00Z' }), // 23:30 Chicago the day before
      notification({ id: 3, date: '2026-11-22T15:00:00Z' }), // tomorrow: an upcoming reminder
      notification({ id: 4, date: '2026-10-01T15:00:00Z' }),
    ];
    const groups = groupNotifications(list, now, 'America/Chicago');
    expect(groups.today.map((item) => item.id)).toEqual([1, 3]);
    expect(groups.older.map((item) => item.id)).toEqual([2, 4]);
  });
});

describe('customerLabel', () => {
  it.each([
    ['customer activity with a name', { typeId: 3, customerName: 'Jo Ray' }, 'Jo Ray'],
    ['customer activity without a name', { typeId: 3, customerName: null }, 'Name not registered'],
    ['customer activity with a blank name', { typeId: 3, customerName: '  ' }, 'Name not registered'],
    ['other type without a name', { typeId: 4, customerName: null }, null],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(customerLabel(notification(overrides))).toBe(expected);
  });
});
