import { randomUUID } from 'node:crypto';
import { REFERRAL_MESSAGES, type ReferralMarket, type ReferralType } from '@lawn/shared';
import { count } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { referralMarkets, referralTypes } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let manager: TestUser;
let representative: TestUser;
let customerService: TestUser;
let crew: TestUser;

beforeAll(async () => {
  manager = await t.createUser({ role: 'Manager' });
  representative = await t.createUser({ role: 'Representative' });
  customerService = await t.createUser({ role: 'customer-service' });
  crew = await t.createUser({ role: 'crew', crewNumber: 7 });
});

beforeEach(async () => {
  await t.db.delete(referralMarkets);
});

type Call = { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url?: string; payload?: unknown; as?: TestUser };

async function call({ method = 'GET', url = '', payload, as = manager }: Call) {
  const headers = { ...(await t.authHeaders(as)), ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) };
  return t.app.inject({
    method,
    url: `/api/referral${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function page(isResign: boolean): Promise<ReferralMarket[]> {
  const response = await call({ url: `?filter[is_resign]=${isResign ? 1 : 0}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ReferralMarket[] }>().data;
}

async function changes(payload: unknown, as: TestUser = manager) {
  return call({ method: 'POST', url: '/changes', payload, as });
}

/** A no-resign market 'Dallas' with two referrals, made through the batch call. */
async function dallasNoResign(): Promise<ReferralMarket> {
  const response = await changes({
    isResign: true,
    markets: [{ op: 'create', key: 'm1', name: 'Dallas' }],
    types: [
      { op: 'create', market: 'm1', name: 'Ana', phone: '(214) 555-0101', website: 'ana.example.com' },
      { op: 'create', market: 'm1', name: 'Bo', phone: '214-555-0102' },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  const [market] = response.json<{ data: ReferralMarket[] }>().data;
  if (!market) throw new Error('no market');
  return market;
}

const rowCounts = async () => ({
  markets: (await t.db.select({ total: count() }).from(referralMarkets))[0]?.total,
  types: (await t.db.select({ total: count() }).from(referralTypes))[0]?.total,
});

describe('POST /api/referral/changes', () => {
  it('creates a market with its referrals, phones kept as their 10 digits, and answers the page', async () => {
    const market = await dallasNoResign();
    expect(market).toMatchObject({ name: 'Dallas', isResign: true, version: 1 });
    expect(market.types.map(({ name, phone, website }) => ({ name, phone, website }))).toEqual([
      { name: 'Ana', phone: '2145550101', website: 'ana.example.com' },
      { name: 'Bo', phone: '2145550102', website: '' },
    ]);
    expect(await page(true)).toEqual([market]);
    expect(await page(false)).toEqual([]);
  });

  it('applies renames, changes and deletes of markets and referrals at once', async () => {
    const dallas = await dallasNoResign();
    const [ana, bo] = dallas.types as [ReferralType, ReferralType];
    const response = await changes({
      isResign: true,
      markets: [
        { op: 'update', id: dallas.id, version: dallas.version, name: 'Dallas North' },
        { op: 'create', key: 'm2', name: 'Austin' },
      ],
      types: [
        { op: 'update', id: ana.id, version: ana.version, name: 'Ana Diaz', phone: '2145550199', website: '' },
        { op: 'delete', id: bo.id, version: bo.version },
        { op: 'create', market: 'm2', name: 'Cy', phone: '5125550103' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await page(true);
    expect(response.json<{ data: ReferralMarket[]; message: string }>()).toEqual({
      data: after,
      message: REFERRAL_MESSAGES.saved,
    });
    expect(after.map((market) => [market.name, market.version, market.types.map((type) => type.name)])).toEqual([
      ['Austin', 1, ['Cy']],
      ['Dallas North', 2, ['Ana Diaz']],
    ]);
    expect(after[1]?.types[0]).toMatchObject({ phone: '2145550199', version: 2 });
  });

  it('deletes a market with its referrals', async () => {
    const dallas = await dallasNoResign();
    const response = await changes({ isResign: true, markets: [{ op: 'delete', id: dallas.id, version: 1 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowCounts()).toEqual({ markets: 0, types: 0 });
  });

  it('saves nothing when one row is invalid, and names that row', async () => {
    const dallas = await dallasNoResign();
    const [ana] = dallas.types as [ReferralType];
    const before = await page(true);
    const response = await changes({
      isResign: true,
      markets: [{ op: 'create', key: 'm2', name: 'Austin' }],
      types: [
        { op: 'update', id: ana.id, version: ana.version, name: 'Ana Diaz', phone: '2145550199' },
        { op: 'create', market: 'm2', name: 'Cy', phone: '5125550103' },
        { op: 'create', market: dallas.id, name: 'Di', phone: '555-0101' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'types.2.phone': [REFERRAL_MESSAGES.phoneInvalid],
    });
    expect(await page(true)).toEqual(before);
  });

  it.each([
    ['a market without a name', { markets: [{ op: 'create', key: 'm', name: ' ' }] }, 'markets.0.name', 'nameRequired'],
    [
      'a market name of 51',
      { markets: [{ op: 'create', key: 'm', name: 'x'.repeat(51) }] },
      'markets.0.name',
      'nameMax',
    ],
    [
      'a referral without a phone',
      { types: [{ op: 'create', market: 1, name: 'Ana' }] },
      'types.0.phone',
      'phoneRequired',
    ],
    [
      'a referral without a name',
      { types: [{ op: 'create', market: 1, name: '', phone: '2145550101' }] },
      'types.0.name',
      'nameRequired',
    ],
    [
      'a bad website',
      { types: [{ op: 'create', market: 1, name: 'Ana', phone: '2145550101', website: 'nope' }] },
      'types.0.website',
      'websiteInvalid',
    ],
  ] as const)('refuses %s with its message', async (_case, body, path, message) => {
    const response = await changes({ isResign: true, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[path]).toEqual([REFERRAL_MESSAGES[message]]);
    expect(await rowCounts()).toEqual({ markets: 0, types: 0 });
  });

  it('checks an active-customer referral by its own rules: name required, phones valid when given', async () => {
    const response = await changes({
      isResign: false,
      markets: [{ op: 'create', key: 'm', name: 'Dallas' }],
      types: [
        { op: 'create', market: 'm', service: 'Pools', name: 'Blue Water' },
        { op: 'create', market: 'm', name: 'Trees', secondPhone: '214' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'types.1.secondPhone': [REFERRAL_MESSAGES.phoneInvalid],
    });
  });

  it('answers 409 on a stale version, names the row and undoes the changes before it', async () => {
    const dallas = await dallasNoResign();
    const [ana, bo] = dallas.types as [ReferralType, ReferralType];
    const before = await page(true);
    const response = await changes({
      isResign: true,
      markets: [{ op: 'create', key: 'm2', name: 'Austin' }],
      types: [
        { op: 'delete', id: ana.id, version: ana.version },
        { op: 'update', id: bo.id, version: bo.version + 1, name: 'Bo', phone: '2145550102' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: REFERRAL_MESSAGES.stale,
      errors: { 'types.1': [REFERRAL_MESSAGES.stale] },
    });
    expect(await page(true)).toEqual(before);
  });

  it('answers 409 for a row someone deleted meanwhile', async () => {
    const dallas = await dallasNoResign();
    await t.db.delete(referralMarkets);
    const response = await changes({
      isResign: true,
      markets: [{ op: 'update', id: dallas.id, version: 1, name: 'X' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ errors: unknown }>().errors).toEqual({ 'markets.0': [REFERRAL_MESSAGES.stale] });
  });

  it("refuses a row of the other page, a new market's unknown key and a referral for a market it deletes", async () => {
    const dallas = await dallasNoResign();
    const otherPage = await changes({ isResign: false, types: [{ op: 'create', market: dallas.id, name: 'Pools' }] });
    expect(otherPage.statusCode).toBe(400);
    expect(otherPage.json<{ errors: unknown }>().errors).toEqual({ 'types.0.market': [REFERRAL_MESSAGES.otherPage] });

    const structural = await changes({
      isResign: true,
      markets: [{ op: 'delete', id: dallas.id, version: 1 }],
      types: [
        { op: 'create', market: 'nowhere', name: 'Ana', phone: '2145550101' },
        { op: 'create', market: dallas.id, name: 'Bo', phone: '2145550101' },
      ],
    });
    expect(structural.statusCode).toBe(400);
    expect(structural.json<{ errors: unknown }>().errors).toEqual({
      'types.0.market': [REFERRAL_MESSAGES.unknownMarketKey],
      'types.1.market': [REFERRAL_MESSAGES.marketBeingDeleted],
    });
    expect((await page(true))[0]?.types).toHaveLength(2);
  });

  it('applies a retried update once (Idempotency-Key)', async () => {
    const headers = { ...(await t.authHeaders(manager)), 'idempotency-key': randomUUID() };
    const payload = { isResign: false, markets: [{ op: 'create', key: 'm', name: 'Dallas' }] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/referral/changes', headers, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await page(false)).toHaveLength(1);
  });

  it('lets Admin, Manager and Representative change the pages; customer-service and crew get 403', async () => {
    const payload = { isResign: false, markets: [{ op: 'create', key: 'm', name: 'Dallas' }] };
    expect((await changes(payload, representative)).statusCode).toBe(200);
    expect((await changes(payload, customerService)).statusCode).toBe(403);
    expect((await changes(payload, crew)).statusCode).toBe(403);
    expect((await call({ as: customerService })).statusCode).toBe(200);
    expect((await call({ as: crew })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/referral' })).statusCode).toBe(401);
  });
});

describe('the single calls', () => {
  it('adds, renames and deletes a market; a stale rename is 409', async () => {
    const created = await call({ method: 'POST', payload: { name: 'Dallas', isResign: false } });
    expect(created.statusCode, created.body).toBe(201);
    const market = created.json<{ data: ReferralMarket }>().data;
    expect(market).toMatchObject({ name: 'Dallas', isResign: false, version: 1, types: [] });

    const renamed = await call({ method: 'PATCH', url: `/${market.id}`, payload: { name: 'Dallas N', version: 1 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: ReferralMarket }>().data).toMatchObject({ name: 'Dallas N', version: 2 });
    const stale = await call({ method: 'PATCH', url: `/${market.id}`, payload: { name: 'Old', version: 1 } });
    expect(stale.statusCode).toBe(409);
    const tooLong = await call({
      method: 'PATCH',
      url: `/${market.id}`,
      payload: { name: 'x'.repeat(51), version: 2 },
    });
    expect(tooLong.json<{ errors: unknown }>().errors).toEqual({ name: [REFERRAL_MESSAGES.nameMax] });

    expect((await call({ method: 'DELETE', url: `/${market.id}` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/${market.id}` })).statusCode).toBe(404);
  });

  it("adds, changes and deletes a referral by its page's rules", async () => {
    const dallas = await dallasNoResign();
    const created = await call({
      method: 'POST',
      url: '/types',
      payload: { isResign: true, customerReferralId: dallas.id, name: 'Cy', phone: '+1 214 555 0103' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json<{ data: ReferralType }>().data;
    expect(type).toMatchObject({ customerReferralId: dallas.id, name: 'Cy', phone: '2145550103', version: 1 });

    const wrongPage = await call({
      method: 'POST',
      url: '/types',
      payload: { isResign: false, customerReferralId: dallas.id, name: 'Pools' },
    });
    expect(wrongPage.statusCode).toBe(400);

    const patch = { isResign: true, version: 1, name: 'Cy', phone: '2145550104', website: 'https://cy.example.com' };
    const changed = await call({ method: 'PATCH', url: `/${type.id}/types`, payload: patch });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ data: ReferralType }>().data).toMatchObject({ phone: '2145550104', version: 2 });
    expect((await call({ method: 'PATCH', url: `/${type.id}/types`, payload: patch })).statusCode).toBe(409);

    expect((await call({ method: 'DELETE', url: `/${type.id}/types` })).statusCode).toBe(200);
    expect((await call({ method: 'DELETE', url: `/${type.id}/types` })).statusCode).toBe(404);
    expect((await call({ method: 'PATCH', url: `/${type.id}/types`, payload: patch })).statusCode).toBe(404);
  });

  it('refuses customer-service', async () => {
    const response = await call({ method: 'POST', payload: { name: 'Dallas', isResign: false }, as: customerService });
    expect(response.statusCode).toBe(403);
  });
});
