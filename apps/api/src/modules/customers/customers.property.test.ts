import {
  BAG_GRASS_MESSAGES,
  CUSTOMER_MESSAGES,
  PRICING_MESSAGES,
  PROPERTY_MESSAGES,
  type CustomerDetail,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { lotSizeTiers, priceTables } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

/**
 * The Property information tab's fields through PATCH /api/customers/{id}. The market prices with the default table
 * (Small 30/35/40/35, Large 40/45/50/45, Xtra large 45/50/55/50, Jumbo 65/70/75/70 by frequency) at 8.25 % tax.
 */
const t = useTestContext();

let editor: TestUser;
let headers: { authorization: string };
let marketId: number;

type History = { description: string; changes: Record<string, { from: unknown; to: unknown }>; user: { id: number } };

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
const read = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>().data;
const historyOf = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}/history`, headers })).json<{ data: History[] }>().data;

/** A weekly Small lot mowed front and back at the table's price: 30.00 + 2.48 tax = 32.48. */
const smallLot = {
  lotSize: 'Small',
  turfSize: 2000,
  srvFrequency: 1,
  mowCut: ['Front', 'Back'],
  costService: 30,
  subtotalMowing: 30,
  taxRate: 8.25,
  calculatedTax: 2.48,
  totalMowing: 32.48,
};

beforeAll(async () => {
  editor = await t.createUser({ role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez' });
  headers = await t.authHeaders(editor);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('lot size', () => {
  it("prices the property anew with the tier's price, in one history entry naming who changed what", async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const saved = await patch(id, { lotSize: 'large', keepPrice: false, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      lotSize: 'Large',
      costService: 40,
      subtotalMowing: 40,
      calculatedTax: 3.3,
      totalMowing: 43.3,
      version: 2,
    });
    const history = await historyOf(id);
    expect(history).toHaveLength(1);
    expect(history[0]?.user.id).toBe(editor.id);
    expect(history[0]?.description).toBe(
      'Changed lot size from Small to Large; changed base price from $30.00 to $40.00; ' +
        "took the price table's base price $40.00 instead of the agreed $30.00; " +
        'changed price from $30.00 to $40.00; changed tax from $2.48 to $3.30; changed total from $32.48 to $43.30',
    );
  });

  it("is refused (400) when it is none of the market's lot sizes, or missing, and nothing is written", async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const unknown = await patch(id, { lotSize: 'Gigantic', version: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ lotSize: [PROPERTY_MESSAGES.lotSizeUnknown] });
    const missing = await patch(id, { lotSize: '', version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ lotSize: [PROPERTY_MESSAGES.size] });
    expect(await read(id)).toMatchObject({ lotSize: 'Small', totalMowing: 32.48, version: 1 });
    expect(await historyOf(id)).toEqual([]);
  });

  it('takes Bag grass away when the new lot cannot have it (Xtra large and up on the record)', async () => {
    const { id } = await insertRecord(t.db, {
      marketId,
      property: { ...smallLot, mowCut: ['Front', 'Back', 'BagGrass'], subtotalMowing: 40, totalMowing: 43.3 },
    });
    const saved = await patch(id, { lotSize: 'Xtra large', keepPrice: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ mowCut: ['Front', 'Back'], costService: 45, subtotalMowing: 45 });
    expect((await historyOf(id))[0]?.changes['mowCut']).toEqual({
      from: ['Front', 'Back', 'BagGrass'],
      to: ['Front', 'Back'],
    });
  });
});

describe('turf size', () => {
  it('moves the lot size to the tier of the measurement, and its price follows', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const saved = await patch(id, { turfSize: 10_000, keepPrice: false, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ turfSize: 10_000, lotSize: 'Xtra large', costService: 45 });
    expect((await historyOf(id))[0]?.description).toMatch(
      /^Changed lot size from Small to Xtra large; changed turf size from 2000 sq ft to 10000 sq ft; /,
    );
  });

  it('keeps the lot size the same save names', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const saved = await patch(id, { turfSize: 10_000, lotSize: 'Large', keepPrice: false });
    expect(saved.json().data).toMatchObject({ turfSize: 10_000, lotSize: 'Large', costService: 40 });
  });

  it('is refused outside 1 to 16000 with the spec message, and may be cleared', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    for (const turfSize of [0, 16_001, 2.5, -3]) {
      const refused = await patch(id, { turfSize });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ turfSize: [PROPERTY_MESSAGES.size] });
    }
    const cleared = await patch(id, { turfSize: null });
    expect(cleared.json().data).toMatchObject({ turfSize: null, lotSize: 'Small', totalMowing: 32.48 });
  });

  it("is refused beyond the market table's largest turf size, and prices with the market's own table", async () => {
    const austin = await insertMarket(t.db, 'Austin', 6.25);
    const [table] = await t.db.insert(priceTables).values({ marketId: austin }).returning({ id: priceTables.id });
    const tier = { priceTableId: table?.id ?? 0, priceF2: 60, priceF3: 60, priceF4: 60 };
    await t.db.insert(lotSizeTiers).values([
      { ...tier, position: 1, name: 'Small', turfSizeStart: 0, turfSizeEnd: 4999, lotSizeEnd: 8000, priceF1: 50 },
      { ...tier, position: 2, name: 'Big', turfSizeStart: 5000, turfSizeEnd: 9999, lotSizeEnd: 15000, priceF1: 70 },
    ]);
    const { id } = await insertRecord(t.db, { marketId: austin, property: { ...smallLot, taxRate: 6.25 } });
    const beyond = await patch(id, { turfSize: 12_000 });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors).toEqual({ turfSize: [PRICING_MESSAGES.turfSizeBeyond(9999)] });
    const big = await patch(id, { turfSize: 6000, keepPrice: false });
    expect(big.json().data).toMatchObject({ lotSize: 'Big', costService: 70, calculatedTax: 4.38, totalMowing: 74.38 });
  });
});

describe('areas to mow', () => {
  it('adds the bag-grass surcharge to the agreed base price and takes 5 off for a single area', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { ...smallLot, costService: 33 } });
    const bagged = await patch(id, { mowCut: ['Front', 'Back', 'BagGrass'], version: 1 });
    expect(bagged.statusCode, bagged.body).toBe(200);
    expect(bagged.json().data).toMatchObject({
      costService: 33,
      subtotalMowing: 43,
      calculatedTax: 3.55,
      totalMowing: 46.55,
    });
    const front = await patch(id, { mowCut: ['Front', 'DuplexRight'], version: 2 });
    expect(front.json().data).toMatchObject({
      mowCut: ['Front', 'DuplexRight'],
      subtotalMowing: 28,
      totalMowing: 30.31,
    });
  });

  it('refuses Bag grass on a big lot and on the 3-Weekly and Drought frequencies (400), and writes nothing', async () => {
    const jumbo = await insertRecord(t.db, { marketId, property: { ...smallLot, lotSize: 'Jumbo' } });
    const refused = await patch(jumbo.id, { mowCut: ['Front', 'BagGrass'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ mowCut: [BAG_GRASS_MESSAGES.lot] });
    const drought = await insertRecord(t.db, { marketId, property: { ...smallLot, srvFrequency: 4 } });
    expect((await patch(drought.id, { mowCut: ['BagGrass'] })).json().errors).toEqual({
      mowCut: ['Bag grass cannot be chosen on the Drought Schedule frequency'],
    });
    expect((await read(drought.id)).mowCut).toEqual(['Front', 'Back']);
    expect(await historyOf(drought.id)).toEqual([]);
    const threeWeekly = await insertRecord(t.db, { marketId, property: { ...smallLot, srvFrequency: 3 } });
    const bagged = await patch(threeWeekly.id, { mowCut: ['Front', 'Back', 'BagGrass'] });
    expect(bagged.statusCode).toBe(400);
    expect(bagged.json()).toEqual({
      message: 'Bag grass cannot be chosen on the 3-Weekly frequency',
      errors: { mowCut: ['Bag grass cannot be chosen on the 3-Weekly frequency'] },
    });
    // Asked together with the frequency that disables it: refused just the same.
    const weekly = await insertRecord(t.db, { marketId, property: smallLot });
    const both = await patch(weekly.id, { srvFrecuency: 3, mowCut: ['Front', 'BagGrass'], keepPrice: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ mowCut: [BAG_GRASS_MESSAGES.frequency(3)] });
    expect(await historyOf(threeWeekly.id)).toEqual([]);
    expect(await historyOf(weekly.id)).toEqual([]);
  });

  it('loses Bag grass when the frequency becomes 3-Weekly, recorded in the history', async () => {
    const { id } = await insertRecord(t.db, {
      marketId,
      property: { ...smallLot, mowCut: ['Front', 'Back', 'BagGrass'], subtotalMowing: 40, totalMowing: 43.3 },
    });
    const saved = await patch(id, { srvFrecuency: 3, keepPrice: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ mowCut: ['Front', 'Back'], costService: 40, subtotalMowing: 40 });
    const [entry] = await historyOf(id);
    expect(entry?.changes['mowCut']).toEqual({ from: ['Front', 'Back', 'BagGrass'], to: ['Front', 'Back'] });
  });

  it('loses Bag grass when the frequency becomes the Drought Schedule (frequency 4), priced at its rate', async () => {
    const { id } = await insertRecord(t.db, {
      marketId,
      property: { ...smallLot, mowCut: ['Front', 'Back', 'BagGrass'], subtotalMowing: 40, totalMowing: 43.3 },
    });
    const saved = await patch(id, { srvFrecuency: 4, keepPrice: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ mowCut: ['Front', 'Back'], costService: 35, subtotalMowing: 35 });
  });

  it('never takes a price from the client', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    for (const field of ['subtotalMowing', 'totalMowing', 'calculatedTax']) {
      const refused = await patch(id, { mowCut: ['Front'], [field]: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[field]).toEqual([`Unknown field: ${field}`]);
    }
  });
});

describe('lot review, corner lot, community and gate codes, crew, coordinates', () => {
  it('saves them (lot review in capitals, blank codes as none) without touching the price', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const saved = await patch(id, {
      lotReview: ' ab1 ',
      useCornerLot: true,
      communityCode: ' #4521 ',
      gateCode: '',
      crew: 17,
      lat: 32.7767,
      lng: -96.797,
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      lotReview: 'AB1',
      useCornerLot: true,
      communityCode: '#4521',
      gateCode: null,
      crew: 17,
      lat: 32.7767,
      lng: -96.797,
      totalMowing: 32.48,
    });
    expect((await historyOf(id))[0]?.description).toContain('changed lot review from none to AB1');
  });

  it('refuses each broken rule with its message', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    const refused = await patch(id, { lotReview: 'ABCDEF', lat: -1, lng: 96.8, gateCode: 'x'.repeat(51) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      lotReview: ['Max. 5 characters'],
      lat: [PROPERTY_MESSAGES.latPositive],
      lng: [PROPERTY_MESSAGES.lngNegative],
      gateCode: ['Max. 50 characters'],
    });
  });
});

describe('a stale save of the property fields', () => {
  it('answers 409 and writes nothing: neither the lot size nor the price nor the history', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: smallLot });
    expect((await patch(id, { lotReview: 'A', version: 1 })).statusCode).toBe(200);
    const stale = await patch(id, { lotSize: 'Large', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CUSTOMER_MESSAGES.stale);
    expect(await read(id)).toMatchObject({ lotSize: 'Small', costService: 30, totalMowing: 32.48, version: 2 });
    expect(await historyOf(id)).toHaveLength(1);
  });
});
