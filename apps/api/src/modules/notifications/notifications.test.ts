import type { Notification, Page } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();
const HOUR = 60 * 60 * 1000;

let owner: TestUser;
let other: TestUser;
let headers: { authorization: string };
const ids: Record<string, number> = {};

async function addNotification(
  user: TestUser,
  key: string,
  values: { hoursFromNow: number; status?: 0 | 1; typeId?: 3 | 4 },
) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId: user.id,
      typeId: values.typeId ?? 4,
      status: values.status ?? 1,
      name: key,
      date: new Date(Date.now() + values.hoursFromNow * HOUR),
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('not inserted');
  ids[key] = row.id;
}

beforeAll(async () => {
  owner = await t.createUser({ role: 'Representative' });
  other = await t.createUser({ role: 'Manager' });
  headers = await t.authHeaders(owner);
  await addNotification(owner, 'past-unread', { hoursFromNow: -5, typeId: 3 });
  await addNotification(owner, 'due-soon-unread', { hoursFromNow: 20 });
  await addNotification(owner, 'far-future-unread', { hoursFromNow: 48 });
  await addNotification(owner, 'past-read', { hoursFromNow: -30, status: 0 });
  await addNotification(other, 'someone-elses', { hoursFromNow: -1 });
});

const get = (query = '') => t.app.inject({ url: `/api/notifications${query}`, headers });

describe('GET /api/notifications', () => {
  it('lists only the caller’s notifications, latest date first, each with its availability', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const page = response.json<Page<Notification>>();
    expect(page.total).toBe(4);
    expect(page.data.map((row) => [row.name, row.available])).toEqual([
      ['far-future-unread', false],
      ['due-soon-unread', true],
      ['past-unread', true],
      ['past-read', true],
    ]);
    expect(page.data[2]).toMatchObject({ typeId: 3, status: 1, customerAttributeId: null });
  });

  it('counts for the bell only unread notifications that are already available', async () => {
    const response = await get('?filter[status]=1&render=count');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 2 });
  });

  it('filters by type and sorts by date ascending', async () => {
    const byType = (await get('?filter[typeId]=3')).json<Page<Notification>>();
    expect(byType.data.map((row) => row.name)).toEqual(['past-unread']);
    const ascending = (await get('?sort=date')).json<Page<Notification>>();
    expect(ascending.data[0]?.name).toBe('past-read');
  });

  it('rejects filters it does not know, such as somebody else’s user id', async () => {
    const response = await get(`?filter[userId]=${other.id}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'filter[userId]': ['Unknown filter: userId'] });
  });

  it('is for staff only', async () => {
    const customer = await t.createUser({ role: 'customers' });
    const response = await t.app.inject({ url: '/api/notifications', headers: await t.authHeaders(customer) });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /api/notifications/{id}', () => {
  it('marks the caller’s notification read', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${ids['past-unread']}`,
      headers,
      payload: { status: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: ids['past-unread'], status: 0 });
    expect((await get('?filter[status]=1&render=count')).json()).toEqual({ total: 1 });
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${ids['someone-elses']}`,
      headers,
      payload: { status: 0 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Notification not found' });

    const others = await t.app.inject({
      url: '/api/notifications?filter[status]=1',
      headers: await t.authHeaders(other),
    });
    expect(others.json().total).toBe(1);
  });

  it('marks a read notification unread again, and it counts towards the bell again', async () => {
    const patch = (status: 0 | 1) =>
      t.app.inject({ method: 'PATCH', url: `/api/notifications/${ids['past-unread']}`, headers, payload: { status } });
    expect((await patch(0)).statusCode).toBe(200);
    const before = (await get('?filter[status]=1&render=count')).json<{ total: number }>().total;
    const response = await patch(1);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: ids['past-unread'], status: 1 });
    expect((await get('?filter[status]=1&render=count')).json()).toEqual({ total: before + 1 });
    expect((await patch(0)).statusCode).toBe(200);
  });

  it('validates the id and the body', async () => {
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/abc',
      headers,
      payload: { status: 0 },
    });
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().errors)).toEqual(['id']);

    const badBody = await t.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${ids['due-soon-unread']}`,
      headers,
      payload: { status: 2 },
    });
    expect(badBody.statusCode).toBe(400);
    expect(Object.keys(badBody.json().errors)).toEqual(['status']);
  });
});

describe('PATCH /api/notifications', () => {
  it('marks the caller’s listed notifications read and ignores other people’s ids', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications',
      headers,
      payload: { ids: [ids['due-soon-unread'], ids['far-future-unread'], ids['someone-elses']] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect((await get('?filter[status]=1&render=count')).json()).toEqual({ total: 0 });

    const others = await t.app.inject({
      url: '/api/notifications?filter[status]=1',
      headers: await t.authHeaders(other),
    });
    expect(others.json().total).toBe(1);
  });

  it('needs at least one id', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/notifications', headers, payload: { ids: [] } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['ids']);
  });
});
