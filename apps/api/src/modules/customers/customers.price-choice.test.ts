import { RECORD_SAVE_MESSAGES, type CustomerDetail, type RecordSaveConflict } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

/**
 * A new frequency or lot size never replaces an agreed base price on its own. The market prices with the default
 * table: Medium 35 weekly, 40 bi-weekly; Large 40 weekly. The record's agreed price is 32.50 a weekly Medium mow.
 */
const t = useTestContext();

let headers: { authorization: string };
let marketId: number;

type History = { description: string; changes: Record<string, { from: unknown; to: unknown }> };

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
const read = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>().data;
const historyOf = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}/history`, headers })).json<{ data: History[] }>().data;

const agreedMedium = {
  lotSize: 'Medium',
  srvFrequency: 1,
  mowCut: ['Front', 'Back'],
  costService: 32.5,
  subtotalMowing: 32.5,
  calculatedTax: 2.68,
  totalMowing: 35.18,
};

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Admin' }));
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('a new frequency or lot size on a record with an agreed base price', () => {
  it('is refused (409) without the person’s choice, with both prices, and nothing is written', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: agreedMedium });
    const refused = await patch(id, { srvFrecuency: 2, base: { srvFrecuency: 1 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<RecordSaveConflict>()).toEqual({
      message: RECORD_SAVE_MESSAGES.choosePrice,
      errors: { keepPrice: [RECORD_SAVE_MESSAGES.choosePrice] },
      priceChoice: { agreed: 32.5, table: 40 },
    });
    expect(await read(id)).toMatchObject({ srvFrecuency: 1, costService: 32.5, version: 1 });
    expect(await historyOf(id)).toEqual([]);
  });

  it('keeps the agreed price when the person says so, and the history says which price was kept', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: agreedMedium });
    const saved = await patch(id, { srvFrecuency: 2, keepPrice: true, base: { srvFrecuency: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ srvFrecuency: 2, costService: 32.5, subtotalMowing: 32.5 });
    const [entry] = await historyOf(id);
    expect(entry?.description).toBe(
      "Changed frequency from Weekly to Bi-Weekly; kept the agreed base price $32.50 instead of the price table's $40.00",
    );
    expect(entry?.changes['priceChoice']).toEqual({ from: { agreed: 32.5, table: 40 }, to: 'agreed' });
    expect(entry?.changes).not.toHaveProperty('costService');
  });

  it("takes the table's price when the person says so, and the history says so", async () => {
    const { id } = await insertRecord(t.db, { marketId, property: agreedMedium });
    const saved = await patch(id, { lotSize: 'Large', keepPrice: false, base: { lotSize: 'Medium' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      lotSize: 'Large',
      costService: 40,
      subtotalMowing: 40,
      totalMowing: 43.3,
    });
    const [entry] = await historyOf(id);
    expect(entry?.description).toContain(
      "changed base price from $32.50 to $40.00; took the price table's base price $40.00 instead of the agreed $32.50",
    );
    expect(entry?.changes['priceChoice']).toEqual({ from: { agreed: 32.5, table: 40 }, to: 'table' });
  });

  it('asks nothing when the table’s price is the agreed one, and the answer of a save that needs none is ignored', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { ...agreedMedium, costService: 40 } });
    const saved = await patch(id, { srvFrecuency: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ costService: 40 });
    const unasked = await patch(id, { crew: 7, keepPrice: false });
    expect(unasked.statusCode, unasked.body).toBe(200);
    expect(Object.keys((await historyOf(id))[0]?.changes ?? {})).toEqual(['crew']);
  });

  it('takes a base price agreed in the same save without asking', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: agreedMedium });
    const saved = await patch(id, { srvFrecuency: 2, costService: 31 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ srvFrecuency: 2, costService: 31 });
  });
});
