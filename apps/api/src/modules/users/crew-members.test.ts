import { randomUUID } from 'node:crypto';
import {
  CREW_MESSAGES,
  USER_MESSAGES,
  VALIDATION_MESSAGES,
  type BbCrewRow,
  type Page,
  type UserDetail,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { markets } from '../../db/schema';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

let headers: { authorization: string };
let marketId: number;

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Manager' }));
  const [market] = await t.db
    .insert(markets)
    .values({ name: `Crew market ${randomUUID().slice(0, 6)}`, taxRate: 8.25 })
    .returning({ id: markets.id });
  if (!market) throw new Error('no market');
  marketId = market.id;
});

const email = () => `crew-${randomUUID().slice(0, 8)}@example.com`;

function call(method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Record<string, unknown>, as = headers) {
  return t.app.inject({
    method,
    url,
    headers: { ...as, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload ? { payload } : {}),
  });
}

describe('crew members', () => {
  it('are created with a crew number, listed with the crew kind, and edited from their version', async () => {
    const response = await call('POST', '/api/crew-members', {
      firstName: 'Pablo',
      lastName: 'Reyes',
      email: email(),
      password: '',
      crewNumber: 131,
    });
    expect(response.statusCode, response.body).toBe(201);
    const crew = response.json<{ data: UserDetail }>().data;
    expect(crew).toMatchObject({ role: 'crew', crewNumber: 131, serviceMarketId: null, version: 1 });

    const grid = await call('GET', '/api/users?filter[kind]=crew&limit=500');
    expect(grid.json<Page<{ id: number }>>().data.map((row) => row.id)).toContain(crew.id);
    const staff = await call('GET', '/api/users?filter[kind]=staff&limit=500');
    expect(staff.json<Page<{ id: number }>>().data.map((row) => row.id)).not.toContain(crew.id);

    const edit = await call('PATCH', `/api/crew-members/${crew.id}`, {
      firstName: 'Pablo',
      lastName: 'Reyes',
      password: '',
      crewNumber: 7,
      status: 1,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ crewNumber: 7, version: 2 });
    const stale = await call('PATCH', `/api/crew-members/${crew.id}`, {
      firstName: 'P',
      lastName: 'R',
      password: '',
      crewNumber: 7,
      status: 1,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("answers the form's messages", async () => {
    const response = await call('POST', '/api/crew-members', { email: 'x', password: '1234567', crewNumber: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      firstName: [USER_MESSAGES.firstNameRequired],
      lastName: [USER_MESSAGES.lastNameRequired],
      email: [USER_MESSAGES.emailInvalid],
      password: [USER_MESSAGES.passwordMin],
      crewNumber: [CREW_MESSAGES.crewNumberMin],
    });
    const missing = await call('POST', '/api/crew-members', { firstName: 'a', lastName: 'b', email: email() });
    expect(missing.json().errors).toMatchObject({ crewNumber: [CREW_MESSAGES.crewNumberRequired] });
    const huge = await call('POST', '/api/crew-members', {
      firstName: 'a',
      lastName: 'b',
      email: email(),
      password: '',
      crewNumber: 100_000,
    });
    expect(huge.json().errors).toEqual({ crewNumber: [CREW_MESSAGES.crewNumberMax] });
  });

  it('are not reached through the Users page, nor staff through the crew page', async () => {
    const crew = await t.createUser({ role: 'crew', crewNumber: 140 });
    expect((await call('GET', `/api/users/${crew.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/crew-members/${crew.id}`)).statusCode).toBe(200);
    const staff = await t.createUser({ role: 'Representative' });
    expect((await call('GET', `/api/crew-members/${staff.id}`)).statusCode).toBe(404);
  });

  it('are managed by Admin and Manager only', async () => {
    const representative = await t.authHeaders(await t.createUser({ role: 'Representative' }));
    const response = await call(
      'POST',
      '/api/crew-members',
      { firstName: 'a', lastName: 'b', email: email(), password: '', crewNumber: 5 },
      representative,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('B&B crews', () => {
  it('require a market, then list with the market name, newest first', async () => {
    const missing = await call('POST', '/api/bb-crews', { firstName: 'Ana', lastName: 'Ruiz', email: email() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ serviceMarketId: [CREW_MESSAGES.marketRequired] });
    const unknown = await call('POST', '/api/bb-crews', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: email(),
      serviceMarketId: 2_000_000,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ serviceMarketId: [VALIDATION_MESSAGES.choose] });

    const created = await call('POST', '/api/bb-crews', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: email(),
      serviceMarketId: marketId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const member = created.json<{ data: UserDetail }>().data;
    expect(member).toMatchObject({ role: 'crew', serviceMarketId: marketId, crewNumber: null });

    const list = await call('GET', '/api/bb-crews');
    const page = list.json<Page<BbCrewRow>>();
    expect(page.perPage).toBe(10);
    expect(page.data[0]).toMatchObject({ id: member.id, firstName: 'Ana', serviceMarket: { id: marketId } });

    const crewGrid = await call('GET', '/api/users?filter[kind]=crew&limit=500');
    expect(crewGrid.json<Page<{ id: number }>>().data.map((row) => row.id)).not.toContain(member.id);

    const edit = await call('PATCH', `/api/bb-crews/${member.id}`, {
      firstName: 'Ana',
      lastName: 'Ruiz Soto',
      serviceMarketId: marketId,
      status: 1,
      version: 1,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ lastName: 'Ruiz Soto', version: 2 });
  });
});
