import { PLACE_MESSAGES } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { markets } from '../../db/schema';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

beforeAll(async () => {
  await t.db.insert(markets).values([
    { name: 'San Antonio', taxRate: 8.25, timeZone: 'America/Chicago' },
    { name: 'austin', taxRate: 8.25, timeZone: 'America/Chicago' },
    { name: 'Denver', taxRate: 8.81, timeZone: 'America/Denver', phone: '3035550150' },
  ]);
});

describe('GET /api/markets', () => {
  it('lists every market by name with its tax rate and time zone', async () => {
    const user = await t.createUser({ role: 'customer-service' });
    const response = await t.app.inject({ url: '/api/markets', headers: await t.authHeaders(user) });
    expect(response.statusCode).toBe(200);
    expect(
      response.json().data.map(({ name, taxRate, timeZone }: Record<string, unknown>) => [name, taxRate, timeZone]),
    ).toEqual([
      ['austin', 8.25, 'America/Chicago'],
      ['Denver', 8.81, 'America/Denver'],
      ['San Antonio', 8.25, 'America/Chicago'],
    ]);
  });

  it('is for signed-in staff only', async () => {
    expect((await t.app.inject({ url: '/api/markets' })).statusCode).toBe(401);
    const customer = await t.createUser({ role: 'customers' });
    expect((await t.app.inject({ url: '/api/markets', headers: await t.authHeaders(customer) })).statusCode).toBe(403);
  });
});

describe('GET /api/markets/:id', () => {
  it('answers one market’s tax rate and office phone, and 404 for a market that does not exist', async () => {
    const user = await t.createUser({ role: 'Representative' });
    const headers = await t.authHeaders(user);
    const list = (await t.app.inject({ url: '/api/markets', headers })).json<{
      data: { id: number; name: string }[];
    }>();
    const denver = list.data.find((market) => market.name === 'Denver');
    const response = await t.app.inject({ url: `/api/markets/${denver?.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Denver', taxRate: 8.81, phone: '3035550150' });
    const missing = await t.app.inject({ url: '/api/markets/2000000', headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PLACE_MESSAGES.marketNotFound);
  });
});
