import { RECORD_SAVE_MESSAGES, type CustomerDetail, type RecordSaveConflict } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

/**
 * Two people saving the same record through PATCH /api/customers/{id}, each with the values they started from
 * (`base`): edits of different fields both land, an edit of a field the other changed meanwhile is refused.
 */
const t = useTestContext();

let first: { authorization: string };
let second: { authorization: string };
let marketId: number;

const patch = (id: number, payload: Record<string, unknown>, headers = first) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
const read = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}`, headers: first })).json<{ data: CustomerDetail }>().data;
const historyOf = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}/history`, headers: first })).json<{
    data: { description: string; user: { fullName: string } | null }[];
  }>().data;

beforeAll(async () => {
  first = await t.authHeaders(await t.createUser({ role: 'Admin', firstName: 'Ana', lastName: 'Lopez' }));
  second = await t.authHeaders(await t.createUser({ role: 'customer-service', firstName: 'Kim', lastName: 'Lee' }));
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('two people saving the same record from the same copy', () => {
  it('both land when they changed different fields, and the version goes up with each', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3, weekDay: 1, gateCode: null } });
    const copy = await read(id);
    const kim = await patch(id, { weekDay: 4, base: { weekDay: copy.weekDay } }, second);
    expect(kim.statusCode, kim.body).toBe(200);
    const ana = await patch(id, { crew: 8, gateCode: '#12', base: { crew: copy.crew, gateCode: copy.gateCode } });
    expect(ana.statusCode, ana.body).toBe(200);
    expect(await read(id)).toMatchObject({ weekDay: 4, crew: 8, gateCode: '#12', version: copy.version + 2 });
    expect((await historyOf(id)).map((entry) => entry.user?.fullName)).toEqual(['Ana Lopez', 'Kim Lee']);
  });

  it('refuses (409) a field the other changed meanwhile, naming it with the stored value and who stored it', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3, weekDay: 1, srvFrequency: 1 } });
    const copy = await read(id);
    expect((await patch(id, { weekDay: 4, base: { weekDay: copy.weekDay } }, second)).statusCode).toBe(200);
    const refused = await patch(id, { weekDay: 2, crew: 9, base: { weekDay: copy.weekDay, crew: copy.crew } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<RecordSaveConflict>()).toEqual({
      message: RECORD_SAVE_MESSAGES.fieldsChanged,
      errors: { weekDay: [RECORD_SAVE_MESSAGES.fieldChanged] },
      conflicts: { weekDay: { value: 4, text: 'Thursday', by: 'Kim Lee' } },
    });
    // Nothing of the refused save is written: not the other field, not the version, not the history.
    expect(await read(id)).toMatchObject({ weekDay: 4, crew: 3, version: copy.version + 1 });
    expect(await historyOf(id)).toHaveLength(1);

    // Keeping their own value: the same field sent again from the value now stored lands.
    const kept = await patch(id, { weekDay: 2, crew: 9, base: { weekDay: 4, crew: copy.crew } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ weekDay: 2, crew: 9, version: copy.version + 2 });
  });

  it('lets a save through when the other person already stored the same value', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3 } });
    const copy = await read(id);
    expect((await patch(id, { crew: 7, base: { crew: copy.crew } }, second)).statusCode).toBe(200);
    const same = await patch(id, { crew: 7, base: { crew: copy.crew } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ crew: 7, version: copy.version + 1 });
  });

  it('compares each kind of value as the record shows it: texts, none, lists, prices and markets', async () => {
    const dallas = await read((await insertRecord(t.db, { marketId, property: { lotReview: null } })).id);
    const other = await insertMarket(t.db, 'Fort Worth');
    const unchanged = {
      billingName: dallas.billingName,
      lotReview: dallas.lotReview,
      mowCut: dallas.mowCut,
      costService: dallas.costService,
      market: dallas.market,
    };
    const saved = await patch(dallas.id, {
      billingName: 'Pat Doe',
      lotReview: 'ok',
      mowCut: ['Front'],
      costService: 36,
      market: other,
      base: unchanged,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // From the old copy each of them collides, the market named by its name.
    const stale = await patch(dallas.id, {
      billingName: 'Sam Roe',
      lotReview: 'no',
      mowCut: ['Back'],
      costService: 37,
      market: marketId,
      base: unchanged,
    });
    expect(stale.statusCode).toBe(409);
    const { conflicts } = stale.json<RecordSaveConflict>();
    expect(conflicts).toEqual({
      billingName: { value: 'Pat Doe', text: 'Pat Doe', by: 'Ana Lopez' },
      lotReview: { value: 'OK', text: 'OK', by: 'Ana Lopez' },
      mowCut: { value: ['Front'], text: 'Front', by: 'Ana Lopez' },
      costService: { value: 36, text: '$36.00', by: 'Ana Lopez' },
      market: { value: other, text: 'Fort Worth', by: 'Ana Lopez' },
    });
  });

  it('checks the base values as input: only for fields the save changes, and only values a record shows', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const withoutField = await patch(id, { crew: 5, base: { weekDay: 1 } });
    expect(withoutField.statusCode).toBe(400);
    expect(withoutField.json().errors).toEqual({ 'base.weekDay': [RECORD_SAVE_MESSAGES.baseWithoutField] });
    const notAValue = await patch(id, { crew: 5, base: { crew: { value: 3 } } });
    expect(notAValue.statusCode).toBe(400);
    expect(notAValue.json().errors).toEqual({ 'base.crew': [RECORD_SAVE_MESSAGES.baseInvalid] });
    const unknown = await patch(id, { crew: 5, base: { crew: 101, price: 3 } });
    expect(unknown.statusCode).toBe(400);
    expect((await read(id)).crew).toBe(101);
  });

  it('still refuses a save from an older version when it sends the version instead of base values', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3 } });
    const copy = await read(id);
    expect((await patch(id, { weekDay: 3, base: { weekDay: copy.weekDay } }, second)).statusCode).toBe(200);
    expect((await patch(id, { crew: 4, version: copy.version })).statusCode).toBe(409);
    expect((await read(id)).crew).toBe(3);
  });
});
