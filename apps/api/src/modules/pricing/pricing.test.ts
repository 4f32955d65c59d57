import {
  LOT_SIZE_TIERS,
  PRICING_MESSAGES,
  serviceFrequencyOf,
  type LotSizeTable,
  type PriceCalculation,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMarket } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let staff: TestUser;
let austin: number;
let denver: number;

beforeAll(async () => {
  staff = await t.createUser({ role: 'customer-service' });
  austin = await insertMarket(t.db, 'Austin', 8.25);
  denver = await insertMarket(t.db, 'Denver', 6.875);
});

const get = async (url: string, user: TestUser | null = staff) =>
  t.app.inject({ url, headers: user ? await t.authHeaders(user) : {}, remoteAddress: nextIp() });

const tableOf = async (query = ''): Promise<LotSizeTable> => (await get(`/api/base-price${query}`)).json();

describe('GET /api/base-price', () => {
  it('answers the default table, seeded with the shared demo figures, f1-f4 keyed', async () => {
    const table = await tableOf();
    expect(table).toMatchObject({ marketId: null, usesDefault: false, total: 7 });
    expect(table.data.map(({ id: _id, ...tier }) => tier)).toEqual(
      LOT_SIZE_TIERS.map(({ prices, ...tier }) => ({ ...tier, serviceFrequency: serviceFrequencyOf(prices) })),
    );
  });

  it('answers the default table for a market without its own, with the default version', async () => {
    const [defaults, market] = await Promise.all([tableOf(), tableOf(`?marketId=${austin}`)]);
    expect(market).toEqual({ ...defaults, marketId: austin, usesDefault: true });
  });

  it('refuses an unknown market with 400 naming the field', async () => {
    const response = await get('/api/base-price?marketId=999999');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ marketId: [PRICING_MESSAGES.unknownMarket] });
  });
});

describe('tier look-ups', () => {
  it.each([
    [1, 'Small'],
    [6000, 'Small'],
    [6001, 'Medium'],
    [40_000, 'Enormous'],
  ])('a lot of %s sq ft is %s', async (lotSize, name) => {
    const response = await get(`/api/base-price/lot-size/${lotSize}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe(name);
  });

  it('answers the base price of a frequency', async () => {
    const response = await get(`/api/base-price/lot-size/7000?srvFrequency=2&marketId=${austin}`);
    expect(response.json().data).toMatchObject({ name: 'Medium', basePrice: 40, serviceFrequency: { f2: 40 } });
  });

  it('finds the tier of a turf size', async () => {
    expect((await get('/api/base-price/turf-size/12000')).json().data.name).toBe('Very large');
  });

  it('answers 400 naming the field for a size beyond the largest tier', async () => {
    const lot = await get('/api/base-price/lot-size/40001');
    expect(lot.statusCode).toBe(400);
    expect(lot.json().errors).toEqual({ lotSize: [PRICING_MESSAGES.lotSizeBeyond(40_000)] });
    const turf = await get('/api/base-price/turf-size/30001');
    expect(turf.statusCode).toBe(400);
    expect(turf.json().errors).toEqual({ turfSize: [PRICING_MESSAGES.turfSizeBeyond(30_000)] });
  });

  it('answers 400 for a size that is not a whole positive number', async () => {
    for (const size of ['-1', 'abc', '1.5', '0', '2147483648']) {
      const response = await get(`/api/base-price/lot-size/${size}`);
      expect(response.statusCode, size).toBe(400);
      expect(Object.keys(response.json().errors), size).toEqual(['lotSize']);
    }
  });

  it('reads one tier by id, and 404 for an unknown one', async () => {
    const small = (await tableOf()).data[0];
    expect((await get(`/api/base-price/${small?.id}`)).json().data).toEqual(small);
    const missing = await get('/api/base-price/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PRICING_MESSAGES.tierNotFound);
  });
});

describe('GET /api/logics/baggrass', () => {
  const calculate = async (query: string) => get(`/api/logics/baggrass?${query}`);
  const priced = async (query: string): Promise<PriceCalculation> => {
    const response = await calculate(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it.each<[string, string, Partial<PriceCalculation>]>([
    [
      'the tier price of a lot size, Front and Back',
      'lotSize=7000&srvFrequency=1&taxRate=8.25',
      { lotSize: 'Medium', basePrice: 35, newSubtotal: 35, tax: 2.89, total: 37.89, isBagging: false },
    ],
    [
      'bag grass weekly: +10',
      'lotSize=7000&srvFrequency=1&taxRate=8.25&isBagging=true',
      { bagGrassSurcharge: 10, newSubtotal: 45, tax: 3.71, total: 48.71, isBagging: true },
    ],
    [
      'bag grass bi-weekly, front only: +20 then -5',
      'lotSize=7000&srvFrequency=2&taxRate=0&isBagging=1&mowCut=Front',
      { basePrice: 40, bagGrassSurcharge: 20, singleAreaDiscount: 5, newSubtotal: 55, total: 55 },
    ],
    [
      'bag grass asked on a Jumbo lot: not charged',
      'lotSize=25000&srvFrequency=1&taxRate=0&isBagging=true',
      { lotSize: 'Jumbo', isBagGrassAvailable: false, isBagging: false, newSubtotal: 65 },
    ],
    [
      'bag grass asked on the Drought Schedule: not charged',
      'turfSize=100&srvFrequency=4&taxRate=0&mowCut=Front,Back,BagGrass',
      { lotSize: 'Small', isBagGrassAvailable: false, newSubtotal: 35 },
    ],
    [
      'an agreed price (costService) instead of the tier price',
      'costService=33.33&lotSize=100&srvFrequency=1&taxRate=6.875',
      { basePrice: 33.33, newSubtotal: 33.33, tax: 2.29, total: 35.62 },
    ],
    [
      'a corner lot costs nothing more',
      'lotSize=100&srvFrequency=1&taxRate=0&useCornerLot=true',
      { useCornerLot: true, newSubtotal: 30 },
    ],
  ])('%s', async (_description, query, expected) => {
    expect(await priced(query)).toMatchObject(expected);
  });

  it("takes the market's tax rate when none is given", async () => {
    expect(await priced(`lotSize=7000&srvFrequency=2&marketId=${denver}`)).toMatchObject({
      taxRate: 6.875,
      tax: 2.75,
      total: 42.75,
    });
  });

  it('prices the tier a businesslogicId names', async () => {
    const jumbo = (await tableOf()).data.find((tier) => tier.name === 'Jumbo');
    expect(await priced(`businesslogicId=${jumbo?.id}&srvFrequency=3&taxRate=0`)).toMatchObject({
      businesslogicId: jumbo?.id,
      lotSize: 'Jumbo',
      newSubtotal: 75,
    });
  });

  it.each<[string, string, Record<string, string[]>]>([
    [
      'a negative price',
      'costService=-1&lotSize=100&srvFrequency=1&taxRate=0',
      { costService: [PRICING_MESSAGES.pricePositive] },
    ],
    [
      'a price that is no number',
      'costService=abc&lotSize=100&srvFrequency=1&taxRate=0',
      { costService: [PRICING_MESSAGES.priceNumber] },
    ],
    [
      'a lot size beyond the largest tier',
      'lotSize=40001&srvFrequency=1&taxRate=0',
      { lotSize: [PRICING_MESSAGES.lotSizeBeyond(40_000)] },
    ],
    ['no size', 'srvFrequency=1&taxRate=0', { lotSize: [PRICING_MESSAGES.sizeNeeded] }],
    [
      'an unknown tier',
      'businesslogicId=999999&srvFrequency=1&taxRate=0',
      { businesslogicId: [PRICING_MESSAGES.unknownTier] },
    ],
    ['an unknown market', 'lotSize=100&srvFrequency=1&marketId=999999', { marketId: [PRICING_MESSAGES.unknownMarket] }],
    [
      'an unknown parameter',
      'lotSize=100&srvFrequency=1&taxRate=0&discount=50',
      { discount: ['Unknown field: discount'] },
    ],
  ])('answers 400 naming the field for %s', async (_description, query, errors) => {
    const response = await calculate(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
  });
});

describe('the public price routes', () => {
  it('answer anonymous callers', async () => {
    expect((await get(`/api/web/base-price?marketId=${austin}`, null)).json().total).toBe(7);
    const price = await get('/api/web/logics/baggrass?lotSize=100&srvFrequency=1&taxRate=8.25', null);
    expect(price.json().data).toMatchObject({ newSubtotal: 30, tax: 2.48, total: 32.48 });
  });

  it('are limited per address', async () => {
    const remoteAddress = nextIp();
    const limit = t.config.publicRequestsPerMinute;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index += 1) {
      statuses.push((await t.app.inject({ url: '/api/web/base-price', remoteAddress })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    expect((await get('/api/web/base-price', null)).statusCode).toBe(200);
  });
});
