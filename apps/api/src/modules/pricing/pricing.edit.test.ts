import {
  PRICING_MESSAGES,
  type LotSizeOption,
  type LotSizeTable,
  type LotSizeTierInput,
  type PriceChange,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotSizeTiers, priceChanges } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  manager = await t.createUser({ role: 'Manager', firstName: 'Mia', lastName: 'Moreno' });
  admin = await t.createUser({ role: 'Admin', firstName: 'Ada', lastName: 'Admin' });
});

const tableUrl = (marketId?: number) => `/api/base-price${marketId === undefined ? '' : `?marketId=${marketId}`}`;

async function tableOf(marketId?: number): Promise<LotSizeTable> {
  const response = await t.app.inject({ url: tableUrl(marketId), headers: await t.authHeaders(manager) });
  return response.json();
}

async function save(marketId: number | undefined, body: unknown, user: TestUser = manager) {
  return t.app.inject({
    method: 'PUT',
    url: tableUrl(marketId),
    headers: await t.authHeaders(user),
    payload: body as object,
    remoteAddress: nextIp(),
  });
}

const asInput = (tiers: readonly LotSizeOption[]): LotSizeTierInput[] =>
  tiers.map((tier) => ({ ...tier, serviceFrequency: { ...tier.serviceFrequency } }));

/** The table with one tier's price for one frequency changed. */
function withPrice(table: LotSizeTable, name: string, key: 'f1' | 'f2' | 'f3' | 'f4', price: number) {
  return {
    version: table.version,
    tiers: asInput(table.data).map((tier) =>
      tier.name === name ? { ...tier, serviceFrequency: { ...tier.serviceFrequency, [key]: price } } : tier,
    ),
  };
}

async function historyOf(market: number | 'default'): Promise<PriceChange[]> {
  const response = await t.app.inject({
    url: `/api/base-price/changes?filter[market]=${market}`,
    headers: await t.authHeaders(manager),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('PUT /api/base-price for a market on the default table', () => {
  it('gives the market its own table with the edit; the default table and other markets keep theirs', async () => {
    const dallas = await insertMarket(t.db, 'Dallas');
    const fortWorth = await insertMarket(t.db, 'Fort Worth');
    const before = await tableOf(dallas);
    expect(before.usesDefault).toBe(true);

    const response = await save(dallas, withPrice(before, 'Medium', 'f2', 42.5));
    expect(response.statusCode, response.body).toBe(200);
    const saved: LotSizeTable = response.json();
    expect(saved).toMatchObject({ marketId: dallas, usesDefault: false, total: 7 });
    expect(saved.version).not.toBe(before.version);
    expect(saved.data.find((tier) => tier.name === 'Medium')?.serviceFrequency.f2).toBe(42.5);
    // Its own tiers, with ids of their own.
    expect(saved.data.map((tier) => tier.id)).not.toEqual(before.data.map((tier) => tier.id));

    const defaults = await tableOf();
    expect(defaults.data.find((tier) => tier.name === 'Medium')?.serviceFrequency.f2).toBe(40);
    expect((await tableOf(fortWorth)).data).toEqual(defaults.data);

    expect(await historyOf(dallas)).toMatchObject([
      {
        marketId: dallas,
        lotSize: 'Medium',
        field: 'f2',
        from: '40.00',
        to: '42.50',
        user: { id: manager.id, fullName: 'Mia Moreno' },
      },
    ]);
  });
});

describe('PUT /api/base-price for a market with its own table', () => {
  let market: number;
  let table: LotSizeTable;

  beforeAll(async () => {
    market = await insertMarket(t.db, 'San Antonio');
    const first = await save(market, withPrice(await tableOf(market), 'Small', 'f1', 31));
    table = first.json();
  });

  it('keeps tier ids across edits and records every changed value', async () => {
    const tiers = asInput(table.data);
    const large = tiers[2] as LotSizeTierInput;
    Object.assign(large, { name: 'Large lot', serviceFrequency: { ...large.serviceFrequency, f3: 51, f4: 46 } });
    const response = await save(market, { version: table.version, tiers }, admin);
    expect(response.statusCode, response.body).toBe(200);
    const saved: LotSizeTable = response.json();
    expect(saved.data.map((tier) => tier.id)).toEqual(table.data.map((tier) => tier.id));
    expect(saved.data[2]).toMatchObject({ name: 'Large lot', serviceFrequency: { f1: 40, f2: 45, f3: 51, f4: 46 } });
    expect(
      (await historyOf(market))
        .slice(0, 3)
        .map(({ lotSize, field, from, to, user }) => [lotSize, field, from, to, user?.id]),
    ).toEqual([
      ['Large lot', 'f4', '45.00', '46.00', admin.id],
      ['Large lot', 'f3', '50.00', '51.00', admin.id],
      ['Large lot', 'name', 'Large', 'Large lot', admin.id],
    ]);
    table = saved;
  });

  it('answers 409 for a stale version and saves nothing', async () => {
    const stale = withPrice(table, 'Small', 'f1', 99);
    const fresh = await save(market, withPrice(table, 'Small', 'f1', 32));
    expect(fresh.statusCode).toBe(200);
    const conflict = await save(market, stale);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(PRICING_MESSAGES.changedElsewhere);
    table = await tableOf(market);
    expect(table.data[0]?.serviceFrequency.f1).toBe(32);
  });

  it('adds and removes tiers', async () => {
    const tiers = asInput(table.data).slice(0, 6);
    const last = tiers[5] as LotSizeTierInput;
    tiers.push({
      ...last,
      id: undefined,
      name: 'Estate',
      turfSizeStart: last.turfSizeEnd + 1,
      turfSizeEnd: 50_000,
      lotSizeEnd: 60_000,
    });
    const response = await save(market, { version: table.version, tiers });
    expect(response.statusCode, response.body).toBe(200);
    table = response.json();
    expect(table.data.map((tier) => tier.name).slice(-2)).toEqual(['Jumbo', 'Estate']);
    const history = (await historyOf(market)).slice(0, 2);
    expect(history.map(({ lotSize, field }) => [lotSize, field])).toEqual([
      ['Enormous', 'removed'],
      ['Estate', 'added'],
    ]);
    expect(history[1]?.to).toBe('22000-50000 / 60000 / 65.00/70.00/75.00/70.00');
    // The new table prices a lot the old one refused.
    const lookup = await t.app.inject({
      url: `/api/base-price/lot-size/55000?marketId=${market}`,
      headers: await t.authHeaders(manager),
    });
    expect(lookup.json().data.name).toBe('Estate');
  });

  it('changes nothing, not even the version, for a save without changes', async () => {
    const response = await save(market, { version: table.version, tiers: asInput(table.data) });
    expect(response.json()).toEqual(table);
  });

  it('refuses a tier id of another table with 400 naming it', async () => {
    const defaults = await tableOf();
    const tiers = asInput(table.data);
    (tiers[0] as LotSizeTierInput).id = defaults.data[0]?.id;
    const response = await save(market, { version: table.version, tiers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'tiers.0.id': [PRICING_MESSAGES.unknownTier] });
  });

  it('refuses a broken table with 400 naming each field, and saves nothing', async () => {
    const tiers = asInput(table.data);
    (tiers[1] as LotSizeTierInput).serviceFrequency.f2 = -4;
    const negative = await save(market, { version: table.version, tiers });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({ 'tiers.1.serviceFrequency.f2': [PRICING_MESSAGES.pricePositive] });

    const gap = asInput(table.data);
    (gap[1] as LotSizeTierInput).turfSizeStart += 10;
    const response = await save(market, { version: table.version, tiers: gap });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['tiers.1.turfSizeStart']);
    expect(await tableOf(market)).toEqual(table);
  });
});

describe('PUT /api/base-price for the default table', () => {
  it('changes the prices of every market still on it', async () => {
    const houston = await insertMarket(t.db, 'Houston');
    const defaults = await tableOf();
    const response = await save(undefined, withPrice(defaults, 'Enormous', 'f1', 82));
    expect(response.statusCode, response.body).toBe(200);
    expect((await tableOf(houston)).data.find((tier) => tier.name === 'Enormous')?.serviceFrequency.f1).toBe(82);
    // The default table keeps its tier ids, so the businesslogicId a screen holds stays valid.
    expect((response.json() as LotSizeTable).data.map((tier) => tier.id)).toEqual(defaults.data.map((tier) => tier.id));
    expect((await historyOf('default'))[0]).toMatchObject({
      marketId: null,
      lotSize: 'Enormous',
      field: 'f1',
      to: '82.00',
    });
  });

  it('makes a market editor who saw the old default table start again (409)', async () => {
    const plano = await insertMarket(t.db, 'Plano');
    const seen = await tableOf(plano);
    const defaults = await tableOf();
    expect((await save(undefined, withPrice(defaults, 'Small', 'f4', 36))).statusCode).toBe(200);
    const stale = await save(plano, withPrice(seen, 'Small', 'f1', 29));
    expect(stale.statusCode).toBe(409);
    expect((await tableOf(plano)).usesDefault).toBe(true);
  });
});

describe('who may edit', () => {
  it('refuses the other office roles with 403 and saves nothing', async () => {
    const defaults = await tableOf();
    for (const role of ['Representative', 'customer-service'] as const) {
      const user = await t.createUser({ role });
      const response = await save(undefined, withPrice(defaults, 'Small', 'f1', 1), user);
      expect(response.statusCode, role).toBe(403);
    }
    const rows = await t.db.select().from(lotSizeTiers).where(eq(lotSizeTiers.priceF1, 1));
    expect(rows).toEqual([]);
    const changes = await t.db.select().from(priceChanges).where(eq(priceChanges.toValue, '1.00'));
    expect(changes).toEqual([]);
  });
});
