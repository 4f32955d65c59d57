import { NOTIFICATION_TYPES, type Notification, type Page } from '@lawn/shared';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';
import { notifyOffice } from './notifications.service';

// 15:00 in Chicago (CDT, UTC-5) on 10 June 2026: the hour the availability rule reads.
const NOW = new Date('2026-06-10T20:00:00.000Z');
const t = useTestContext({ clock: () => NOW });

/** An instant on a Chicago calendar day relative to NOW's, at noon there. */
const dueIn = (days: number) => new Date(Date.UTC(2026, 5, 10 + days, 17));

let admin: TestUser;
let manager: TestUser;
let representative: TestUser;
let service: TestUser;
let crew: TestUser;
let inactiveManager: TestUser;
let propertyId: number;

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  manager = await t.createUser({ role: 'Manager' });
  representative = await t.createUser({ role: 'Representative' });
  service = await t.createUser({ role: 'customer-service' });
  crew = await t.createUser({ role: 'crew', crewNumber: 101 });
  inactiveManager = await t.createUser({ role: 'Manager', status: 0 });
  const marketId = await insertMarket(t.db, 'Rules market');
  propertyId = (await insertRecord(t.db, { marketId, property: { csrUserId: representative.id } })).id;
});

async function recipientsOf(name: string): Promise<number[]> {
  const rows = await t.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(inArray(notifications.name, [name]));
  return rows.map((row) => row.userId);
}

describe('notifyOffice', () => {
  it('tells every active Admin and Manager and the record’s own CSR of customer activity', async () => {
    await notifyOffice(t.db, {
      typeId: NOTIFICATION_TYPES.customerActivity,
      name: 'activity for the office',
      date: NOW,
      customerAttributeId: propertyId,
      customerName: 'Pat Doe',
    });
    const recipients = await recipientsOf('activity for the office');
    expect(recipients).toEqual(expect.arrayContaining([admin.id, manager.id, representative.id]));
    expect(recipients).not.toContain(service.id);
    expect(recipients).not.toContain(crew.id);
    expect(recipients).not.toContain(inactiveManager.id);
  });

  it('tells the whole office, and not crews, of anything else; never the user who made the change', async () => {
    await notifyOffice(t.db, {
      typeId: NOTIFICATION_TYPES.other,
      name: 'news for everyone',
      date: NOW,
      exceptUserId: admin.id,
    });
    const recipients = await recipientsOf('news for everyone');
    expect(recipients).toEqual(expect.arrayContaining([manager.id, representative.id, service.id]));
    expect(recipients).not.toContain(admin.id);
    expect(recipients).not.toContain(crew.id);
  });
});

describe('what each role sees, and what is available', () => {
  async function add(user: TestUser, name: string, values: { days: number; duration?: number; typeId?: 3 | 4 }) {
    await t.db.insert(notifications).values({
      userId: user.id,
      typeId: values.typeId ?? NOTIFICATION_TYPES.customerActivity,
      name,
      date: dueIn(values.days),
      duration: values.duration ?? 1440,
    });
  }

  beforeAll(async () => {
    for (const user of [manager, representative]) {
      await add(user, 'due yesterday', { days: -1 });
      await add(user, 'due today', { days: 0, duration: 0 });
      // |600/60 - 24| = 14: available from 14:00 the day before, so at 15:00 it is.
      await add(user, 'tomorrow from 14:00', { days: 1, duration: 600 });
      // |480/60 - 24| = 16: not before 16:00.
      await add(user, 'tomorrow from 16:00', { days: 1, duration: 480 });
      await add(user, 'activity in three days', { days: 3 });
      await add(user, 'other in three days', { days: 3, typeId: NOTIFICATION_TYPES.other });
    }
  });

  const listOf = async (user: TestUser) => {
    const response = await t.app.inject({
      url: '/api/notifications?sort=date&filter[status]=1',
      headers: await t.authHeaders(user),
    });
    expect(response.statusCode).toBe(200);
    const names = ['due yesterday', 'due today', 'tomorrow from 14:00', 'tomorrow from 16:00'];
    return response
      .json<Page<Notification>>()
      .data.filter((row) => names.includes(row.name) || row.name.includes('three days'))
      .map((row) => [row.name, row.available]);
  };
  const countOf = async (user: TestUser) =>
    (
      await t.app.inject({
        url: '/api/notifications?filter[status]=1&render=count',
        headers: await t.authHeaders(user),
      })
    ).json<{ total: number }>().total;

  it('shows an Admin or Manager their notifications whatever the due date', async () => {
    expect(await listOf(manager)).toEqual([
      ['due yesterday', true],
      ['due today', true],
      ['tomorrow from 14:00', true],
      ['tomorrow from 16:00', false],
      ['activity in three days', false],
      ['other in three days', false],
    ]);
  });

  it('shows anyone else their own a day ahead, plus every notification of the other type', async () => {
    expect(await listOf(representative)).toEqual([
      ['due yesterday', true],
      ['due today', true],
      ['tomorrow from 14:00', true],
      ['tomorrow from 16:00', false],
      ['other in three days', false],
    ]);
  });

  it('counts for the bell only the unread available ones', async () => {
    // The representative also holds the two notifyOffice raised at NOW above.
    expect(await countOf(representative)).toBe(3 + 2);
    expect(await countOf(service)).toBe(1);
  });

  it('never shows one user another’s notifications', async () => {
    const response = await t.app.inject({ url: '/api/notifications', headers: await t.authHeaders(service) });
    expect(response.json<Page<Notification>>().data.map((row) => row.name)).toEqual(['news for everyone']);
  });
});
