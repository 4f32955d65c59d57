import { LEAD_MESSAGES, NOTIFICATION_TYPES, type LeadRequest, type LeadRow } from '@lawn/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leads, notifications, serviceZones } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

/** A New York zip code, which no zone of the test serves. */
const UNSERVED_ZIP = '10001';
/** A Dallas zip code, served by the test's zone. */
const SERVED_ZIP = '75201';

let manager: TestUser;
let crew: TestUser;

beforeAll(async () => {
  const marketId = await insertMarket(t.db, 'Leads market');
  await t.db.insert(serviceZones).values({ marketId, zipcode: SERVED_ZIP, city: 'Dallas', state: 'TX' });
  manager = await t.createUser({ role: 'Manager' });
  crew = await t.createUser({ role: 'crew', crewNumber: 77 });
});

let sequence = 0;
function lead(overrides: Partial<LeadRequest> = {}): LeadRequest {
  sequence += 1;
  return {
    name: `Robin Visitor${sequence}`,
    phone: '+1 (212) 555-0143',
    email: `robin${sequence}@example.com`,
    serviceAddress: `${sequence} Broadway`,
    zipcode: UNSERVED_ZIP,
    ...overrides,
  };
}

const post = (body: unknown, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/web/leads', remoteAddress, headers, payload: body as object });
const leadCount = async () => (await t.db.select({ n: count() }).from(leads))[0]?.n ?? 0;

describe('POST /api/web/leads', () => {
  it('keeps the details of a visitor whose zip is not served, with its city and state, without signing in', async () => {
    const response = await post(lead({ name: 'Robin Hood' }), { 'idempotency-key': 'lead-1' });
    expect(response.statusCode, response.body).toBe(201);
    const { message, data } = response.json<{ message: string; data: { id: number } }>();
    expect(message).toBe(LEAD_MESSAGES.created);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, data.id));
    expect(row).toMatchObject({
      name: 'Robin Hood',
      phone: '2125550143',
      zipcode: UNSERVED_ZIP,
      city: 'New York',
      state: 'NY',
    });
  });

  it('tells the office, crews aside, that a lead is waiting', async () => {
    const response = await post(lead({ name: 'Sam Caller' }));
    expect(response.statusCode, response.body).toBe(201);
    const told = await t.db
      .select({ userId: notifications.userId, typeId: notifications.typeId })
      .from(notifications)
      .where(eq(notifications.name, `${LEAD_MESSAGES.notificationName}: Sam Caller (${UNSERVED_ZIP})`));
    expect(told).toEqual([{ userId: manager.id, typeId: NOTIFICATION_TYPES.other }]);
    expect(told.some((row) => row.userId === crew.id)).toBe(false);
  });

  it('keeps one lead for one Idempotency-Key', async () => {
    const body = lead();
    const before = await leadCount();
    const first = await post(body, { 'idempotency-key': 'same-lead' });
    const second = await post(body, { 'idempotency-key': 'same-lead' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await leadCount()).toBe(before + 1);
  });

  it.each<[string, Partial<LeadRequest>, string, string]>([
    ['a zip the business serves', { zipcode: SERVED_ZIP }, 'zipcode', LEAD_MESSAGES.zipServed],
    ['a zip that is no US zip code', { zipcode: '00000' }, 'zipcode', LEAD_MESSAGES.zipInvalid],
    ['a phone that is not 10 digits', { phone: '555-0143' }, 'phone', LEAD_MESSAGES.phoneInvalid],
    ['a missing name', { name: '  ' }, 'name', LEAD_MESSAGES.nameRequired],
    ['an e-mail address that is not one', { email: 'robin@' }, 'email', LEAD_MESSAGES.emailInvalid],
    ['a NUL in the name', { name: 'Rob\u0000in' }, 'name', 'Text cannot contain a NUL character'],
  ])('refuses %s at its field, keeping nothing', async (_description, overrides, field, message) => {
    const before = await leadCount();
    const response = await post(lead(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    expect(await leadCount()).toBe(before);
  });

  it('answers 429 once an address has left too many leads', async () => {
    const limit = t.config.signUpsPerHour;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      statuses.push((await post({}, {}, '10.201.0.1')).statusCode);
    }
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /api/leads', () => {
  it('lists the leads newest first for the office, with a page count', async () => {
    const older = await post(lead({ name: 'Older Visitor' }));
    const newer = await post(lead({ name: 'Newer Visitor' }));
    const response = await t.app.inject({ url: '/api/leads?limit=100', headers: await t.authHeaders(manager) });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: LeadRow[]; total: number }>();
    const ids = page.data.map((row) => row.id);
    const [olderId, newerId] = [older, newer].map((answer) => answer.json<{ data: { id: number } }>().data.id);
    expect(ids.indexOf(newerId ?? 0)).toBeLessThan(ids.indexOf(olderId ?? 0));
    expect(page.total).toBe(await leadCount());
    expect(page.data.find((row) => row.id === newerId)).toMatchObject({
      name: 'Newer Visitor',
      phone: '2125550143',
      city: 'New York',
      state: 'NY',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('narrows the list to one zip code', async () => {
    await post(lead({ zipcode: '60601' }));
    const response = await t.app.inject({
      url: '/api/leads?filter[zipcode]=60601',
      headers: await t.authHeaders(manager),
    });
    const rows = response.json<{ data: LeadRow[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.zipcode === '60601' && row.city === 'Chicago')).toBe(true);
  });

  it('is closed to crew and to anyone not signed in', async () => {
    expect((await t.app.inject({ url: '/api/leads', headers: await t.authHeaders(crew) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/leads' })).statusCode).toBe(401);
  });
});
