import { randomUUID } from 'node:crypto';
import {
  calculatePrice,
  PRICE_FILE_COLUMNS,
  PRICE_UPDATE_MESSAGES,
  UPLOAD_MESSAGES,
  type Frequency,
  type MowCut,
  type Page,
  type PricePreview,
  type PriceUpdate,
  type PriceUpdateItem,
} from '@lawn/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerHistory, priceUpdates, properties, propertyPrices } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import { multipartBody } from '../../test/multipart-body';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { runPriceUpdate } from './price-updates.runner';

const t = useTestContext();
const quietLog = { info: () => undefined, error: () => undefined };

let headers: { authorization: string };
let marketId: number;

/** Properties of different areas, frequencies, lots and tax rates, so each is priced by another rule of the engine. */
const SHAPES: { mowCut: MowCut[]; srvFrequency: Frequency; lotSize: string; taxRate: number; cost: number }[] = [
  { mowCut: ['Front', 'Back'], srvFrequency: 1, lotSize: 'Small', taxRate: 8.25, cost: 35 },
  { mowCut: ['Front', 'Back', 'BagGrass'], srvFrequency: 1, lotSize: 'Medium', taxRate: 8.25, cost: 40 },
  { mowCut: ['Front', 'Back', 'BagGrass'], srvFrequency: 2, lotSize: 'Large', taxRate: 6.875, cost: 45.5 },
  { mowCut: ['Front'], srvFrequency: 2, lotSize: 'Small', taxRate: 8.25, cost: 30 },
  { mowCut: ['Back', 'BagGrass'], srvFrequency: 3, lotSize: 'Jumbo', taxRate: 0, cost: 60 },
];

/** The prices the engine gives a property of `shape` at base price `cost`. */
function enginePrices(shape: (typeof SHAPES)[number], cost: number) {
  const price = calculatePrice({
    tier: { name: shape.lotSize, prices: { 1: cost, 2: cost, 3: cost, 4: cost } },
    frequency: shape.srvFrequency,
    mowCut: shape.mowCut,
    taxRate: shape.taxRate,
    basePrice: cost,
    bagGrassRules: 'record',
  });
  return {
    costService: price.basePrice,
    subtotalMowing: price.subtotal,
    calculatedTax: price.tax,
    totalMowing: price.total,
  };
}

async function insertShapes(market: number): Promise<number[]> {
  const ids: number[] = [];
  for (const shape of SHAPES) {
    const prices = enginePrices(shape, shape.cost);
    const { id } = await insertRecord(t.db, {
      marketId: market,
      property: {
        mowCut: shape.mowCut,
        srvFrequency: shape.srvFrequency,
        lotSize: shape.lotSize,
        taxRate: shape.taxRate,
        ...prices,
      },
    });
    ids.push(id);
  }
  return ids;
}

async function pricesOf(ids: readonly number[]) {
  const rows = await t.db
    .select({
      id: properties.id,
      costService: propertyPrices.costService,
      subtotalMowing: propertyPrices.subtotalMowing,
      calculatedTax: propertyPrices.calculatedTax,
      totalMowing: propertyPrices.totalMowing,
      version: properties.version,
    })
    .from(properties)
    .innerJoin(propertyPrices, eq(propertyPrices.propertyId, properties.id))
    .where(inArray(properties.id, [...ids]))
    .orderBy(properties.id);
  return rows;
}

const post = (url: string, payload?: Record<string, unknown>, as = headers) =>
  t.app.inject({ method: 'POST', url, headers: { ...as, 'idempotency-key': randomUUID() }, payload });

async function start(payload: Record<string, unknown>): Promise<PriceUpdate> {
  const response = await post('/api/price-updates', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: PriceUpdate }>().data;
}

async function finish(id: number, options: { mails?: MailMessage[] } = {}) {
  const mailer = { send: async (message: MailMessage) => (options.mails?.push(message), { messageId: 'x' }) };
  await runPriceUpdate({ db: t.db, log: quietLog, mailer, batchSize: 2 }, id);
}

async function undo(id: number) {
  const response = await post(`/api/price-updates/${id}/undo`);
  expect(response.statusCode, response.body).toBe(200);
  await finish(id);
}

async function itemsOf(id: number): Promise<PriceUpdateItem[]> {
  const response = await t.app.inject({ url: `/api/price-updates/${id}/items?limit=500`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<PriceUpdateItem>>().data;
}

const runningCount = async () => {
  const response = await t.app.inject({
    url: '/api/price-updates/jobs?render=count&filter[status]=in_progress&filter[type]=update-bulk-prices',
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ total: number }>().total;
};

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Manager', firstName: 'Mia', lastName: 'Moreno' }));
});

beforeEach(async () => {
  // Each test prices a market of its own, so the others' properties are never in its scope.
  marketId = await insertMarket(t.db, `Market ${randomUUID().slice(0, 8)}`);
});

describe('bulk price update', () => {
  it('previews, then gives every active property of the market the price the engine gives, with its history', async () => {
    const ids = await insertShapes(marketId);
    const inactive = await insertRecord(t.db, { marketId, property: { status: 5 } });
    const before = await pricesOf(ids);

    const preview = await post('/api/price-updates/preview', { direction: 'increase', amount: 2.5, marketId });
    expect(preview.statusCode, preview.body).toBe(200);
    const { data } = preview.json<{ data: PricePreview }>();
    expect(data.properties).toBe(SHAPES.length);
    expect(data.sample.map((change) => [change.oldPrice, change.newPrice])).toEqual(
      SHAPES.map((shape) => [shape.cost, shape.cost + 2.5]),
    );
    // The week's change: each property's change of total, weighted by how many of its mows fall in a week.
    const perWeek = [1, 1, 1 / 2, 1 / 2, 1 / 3];
    const expectedCents = SHAPES.reduce((sum, shape, index) => {
      const change = enginePrices(shape, shape.cost + 2.5).totalMowing - enginePrices(shape, shape.cost).totalMowing;
      return sum + Math.round(change * 100) * (perWeek[index] ?? 1);
    }, 0);
    expect(data.weeklyRevenueChange).toBe(Math.round(expectedCents) / 100);
    expect(await pricesOf(ids)).toEqual(before);

    const update = await start({ direction: 'increase', amount: 2.5, marketId });
    expect(update).toMatchObject({ type: 'increase', amount: 2.5, status: 'in_progress', total: SHAPES.length });
    expect(update.representative).toBe('Mia Moreno');
    await finish(update.id);

    const after = await pricesOf(ids);
    SHAPES.forEach((shape, index) => {
      const { version, id: _id, ...prices } = after[index] ?? { version: 0, id: 0 };
      expect(prices).toEqual(enginePrices(shape, shape.cost + 2.5));
      // The prices' rows change, the property's row does not: a record open meanwhile still saves.
      expect(version).toBe(before[index]?.version);
    });
    expect((await pricesOf([inactive.id]))[0]?.costService).toBe(35);
    const history = await t.db.select().from(customerHistory).where(inArray(customerHistory.propertyId, ids));
    expect(history).toHaveLength(SHAPES.length);
    expect(history[0]?.description).toBe(`Price increased by $2.50 (bulk price update ${update.id})`);
    expect(history[0]?.changes).toMatchObject({ costService: { from: 35, to: 37.5 } });
    const items = await itemsOf(update.id);
    expect(items.map((item) => [item.oldPrice, item.newPrice])).toEqual(
      SHAPES.map((shape) => [shape.cost, shape.cost + 2.5]),
    );
    const listed = await t.app.inject({ url: `/api/price-updates/${update.id}`, headers });
    expect(listed.json<{ data: PriceUpdate }>().data).toMatchObject({ status: 'completed', changed: SHAPES.length });
  });

  it('killed half-way and run again goes on after its last batch and prices no property twice', async () => {
    const ids = await insertShapes(marketId);
    const update = await start({ direction: 'decrease', amount: 5, marketId });
    // The process dies during the second batch (its transaction never commits): the first batch stays done.
    let batches = 0;
    const dyingClock = () => {
      batches += 1;
      if (batches === 2) throw new Error('killed');
      return new Date();
    };
    await expect(
      runPriceUpdate({ db: t.db, log: quietLog, clock: dyingClock, batchSize: 2 }, update.id, {
        isLastAttempt: false,
      }),
    ).rejects.toThrow('killed');
    const halfWay = await pricesOf(ids);
    expect(halfWay.map((row) => row.costService)).toEqual([30, 35, 45.5, 30, 60]);
    expect(await runningCount()).toBe(1);

    await finish(update.id);
    const after = await pricesOf(ids);
    expect(after.map((row) => row.costService)).toEqual(SHAPES.map((shape) => shape.cost - 5));
    SHAPES.forEach((shape, index) => {
      const { costService, subtotalMowing, calculatedTax, totalMowing } = after[index] ?? after[0]!;
      expect({ costService, subtotalMowing, calculatedTax, totalMowing }).toEqual(enginePrices(shape, shape.cost - 5));
    });
    expect(await itemsOf(update.id)).toHaveLength(SHAPES.length);
    const [entries] = await t.db
      .select({ total: count() })
      .from(customerHistory)
      .where(inArray(customerHistory.propertyId, ids));
    expect(entries?.total).toBe(SHAPES.length);
    expect(await runningCount()).toBe(0);
  });

  it('undo restores the old prices except where a price changed since, and lists those', async () => {
    const ids = await insertShapes(marketId);
    const before = await pricesOf(ids);
    const update = await start({ direction: 'increase', amount: 4, marketId });
    await finish(update.id);
    // Someone agrees another price on one record meanwhile.
    const changedId = ids[1] ?? 0;
    const [current] = await pricesOf([changedId]);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${changedId}`,
      headers,
      payload: { costService: 99, version: current?.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    await undo(update.id);
    const after = await pricesOf(ids);
    after.forEach((row, index) => {
      if (row.id === changedId) expect(row.costService).toBe(99);
      else expect(row.costService).toBe(before[index]?.costService);
      if (row.id !== changedId) expect(row.totalMowing).toBe(before[index]?.totalMowing);
    });
    const items = await itemsOf(update.id);
    expect(items.filter((item) => item.undo === 'skipped').map((item) => item.propertyId)).toEqual([changedId]);
    expect(items.filter((item) => item.undo === 'restored')).toHaveLength(SHAPES.length - 1);
    const listed = (await t.app.inject({ url: `/api/price-updates/${update.id}`, headers })).json<{
      data: PriceUpdate;
    }>().data;
    expect(listed).toMatchObject({ run: 'undo', status: 'completed', restored: SHAPES.length - 1, skipped: 1 });
    expect(listed.undoneAt).not.toBeNull();
    // An undone update is not undone twice.
    expect((await post(`/api/price-updates/${update.id}/undo`)).statusCode).toBe(409);
  });

  it('runs one update at a time: a second one, or an undo, is refused while one runs', async () => {
    await insertShapes(marketId);
    const first = await start({ direction: 'increase', amount: 1, marketId });
    await finish(first.id);
    const running = await start({ direction: 'increase', amount: 1, marketId });
    expect(await runningCount()).toBe(1);

    const second = await post('/api/price-updates', { direction: 'decrease', amount: 1, marketId });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json()).toMatchObject({ message: PRICE_UPDATE_MESSAGES.oneAtATime });
    expect((await post(`/api/price-updates/${first.id}/undo`)).statusCode).toBe(409);
    const file = multipartBody([{ name: 'p.csv', content: Buffer.from('x'), field: 'file' }], { title: 'T' });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/price-updates/upload',
      headers: { ...headers, ...file.headers, 'idempotency-key': randomUUID() },
      payload: file.payload,
    });
    expect(upload.statusCode).toBe(400);

    await finish(running.id);
    expect(await runningCount()).toBe(0);
    expect((await post('/api/price-updates', { direction: 'decrease', amount: 1, marketId })).statusCode).toBe(201);
    const [last] = await t.db.select().from(priceUpdates).where(eq(priceUpdates.status, 'in_progress'));
    await finish(last?.id ?? 0);
  });

  it.each([
    [{ direction: 'increase' }, PRICE_UPDATE_MESSAGES.priceRequired],
    [{ direction: 'increase', amount: 'abc' }, PRICE_UPDATE_MESSAGES.priceNumber],
    [{ direction: 'increase', amount: 0 }, PRICE_UPDATE_MESSAGES.pricePositive],
    [{ direction: 'increase', amount: -3 }, PRICE_UPDATE_MESSAGES.pricePositive],
    [{ direction: 'increase', amount: 1.234 }, PRICE_UPDATE_MESSAGES.priceCents],
    [{ direction: 'increase', amount: 1e9 }, PRICE_UPDATE_MESSAGES.priceTooLarge],
  ])('refuses the amount of %o with 400', async (payload, message) => {
    const response = await post('/api/price-updates', { ...payload, marketId });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.amount).toEqual([message]);
  });

  it('refuses a decrease that would take a price below $0, and a market that does not exist', async () => {
    const [id] = await insertShapes(marketId);
    const [row] = await t.db
      .select({ account: properties.accountNumber })
      .from(properties)
      .where(eq(properties.id, id ?? 0));
    const below = await post('/api/price-updates', { direction: 'decrease', amount: 35.01, marketId });
    expect(below.statusCode, below.body).toBe(400);
    expect(below.json().errors.amount).toEqual([PRICE_UPDATE_MESSAGES.belowZero(row?.account ?? '')]);
    const unknown = await post('/api/price-updates/preview', { direction: 'increase', amount: 1, marketId: 999_999 });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('price file upload', () => {
  const csv = (...rows: string[]) => Buffer.from([PRICE_FILE_COLUMNS.join(','), ...rows].join('\n'));
  const upload = (content: Buffer, title = 'Spring prices') => {
    const body = multipartBody([{ name: 'prices.csv', content, field: 'file' }], { title });
    return t.app.inject({
      method: 'POST',
      url: '/api/price-updates/upload',
      headers: { ...headers, ...body.headers, 'idempotency-key': randomUUID() },
      payload: body.payload,
    });
  };

  it('names each bad line and saves nothing', async () => {
    const first = await insertRecord(t.db, { marketId });
    const [before] = await t.db.select({ total: count() }).from(priceUpdates);
    const response = await upload(
      csv(`${first.accountNumber},42.50`, `${first.accountNumber},-1`, '99999999999,40', 'abc,40'),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      message: PRICE_UPDATE_MESSAGES.fileInvalid,
      errors: {
        file: [
          PRICE_UPDATE_MESSAGES.badPrice(3),
          PRICE_UPDATE_MESSAGES.unknownAccount(4, '99999999999'),
          PRICE_UPDATE_MESSAGES.badAccount(5),
        ],
      },
    });
    const [after] = await t.db.select({ total: count() }).from(priceUpdates);
    expect(after?.total).toBe(before?.total);
    expect((await pricesOf([first.id]))[0]?.costService).toBe(35);
    const untitled = await upload(csv(`${first.accountNumber},42.50`), '');
    expect(untitled.json().errors.title).toEqual([UPLOAD_MESSAGES.titleRequired]);
  });

  it('gives each property of a good file its price, priced by the engine, and e-mails its customer', async () => {
    const ids = await insertShapes(marketId);
    const rows = await t.db
      .select({ id: properties.id, account: properties.accountNumber })
      .from(properties)
      .where(inArray(properties.id, ids.slice(0, 2)))
      .orderBy(properties.id);
    const response = await upload(csv(`${rows[0]?.account},50`, `${rows[1]?.account},"$1,000.00"`));
    expect(response.statusCode, response.body).toBe(201);
    const update = response.json<{ data: PriceUpdate }>().data;
    expect(update).toMatchObject({ type: 'file', title: 'Spring prices', amount: null, total: 2 });
    const mails: MailMessage[] = [];
    await finish(update.id, { mails });
    const after = await pricesOf(ids);
    expect(after[0]).toMatchObject(enginePrices(SHAPES[0]!, 50));
    expect(after[1]).toMatchObject(enginePrices(SHAPES[1]!, 1000));
    expect(after[2]?.costService).toBe(SHAPES[2]?.cost);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(`to $${enginePrices(SHAPES[0]!, 50).totalMowing.toFixed(2)} per service`);
  });
});
