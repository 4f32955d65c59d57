import { CUSTOMER_MESSAGES, VERSION_MESSAGES, type CustomerDetail } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

const patch = (id: number, payload: Record<string, unknown>, as = headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers: as, payload });

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('version of a customer record', () => {
  it('goes up with every edit a person makes, not with an edit that changes nothing', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const read = async () =>
      (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>().data.version;
    expect(await read()).toBe(1);
    expect((await patch(id, { crew: 9 })).json().data.version).toBe(2);
    expect(await read()).toBe(2);
    await patch(id, { crew: 9 });
    expect(await read()).toBe(2);
    await patch(id, { firstName: 'Kim' });
    expect(await read()).toBe(3);
  });
});

describe('order status through PATCH /api/customers/{id}', () => {
  it('is refused to Representatives, who may not approve or reject (403), and left unchanged', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { statusOrders: 0 } });
    const representative = await t.createUser({ role: 'Representative' });
    const refused = await patch(id, { statusOrders: 1 }, await t.authHeaders(representative));
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/customers/${id}`, headers })).json().data.statusOrders).toBe(0);
    // Other fields stay theirs to change; an approver may change the order status.
    expect((await patch(id, { crew: 4 }, await t.authHeaders(representative))).statusCode).toBe(200);
    expect((await patch(id, { statusOrders: 1 })).statusCode).toBe(200);
  });
});

describe('a save that carries the version it edited', () => {
  const read = async (id: number) =>
    (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>().data;
  const historyOf = async (id: number) =>
    (await t.app.inject({ url: `/api/customers/${id}/history`, headers })).json<{
      data: { description: string; changes: Record<string, unknown>; user: { fullName: string } | null }[];
    }>().data;

  it('saves from the current version, moves it on and writes one history entry naming who changed what', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3 } });
    const saved = await patch(id, { crew: 8, weekDay: 2, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ crew: 8, weekDay: 2, version: 2 });
    const history = await historyOf(id);
    expect(history).toHaveLength(1);
    expect(history[0]?.user?.fullName).toBe(`${admin.firstName} ${admin.lastName}`);
    expect(history[0]?.description).toBe('Changed crew from 3 to 8; changed mow day from Monday to Tuesday');
    expect(Object.keys(history[0]?.changes ?? {}).sort()).toEqual(['crew', 'weekDay']);
  });

  it('answers 409 from an older version and writes nothing: not the field, not the version, not the history', async () => {
    const { id } = await insertRecord(t.db, { marketId, property: { crew: 3 } });
    expect((await patch(id, { crew: 5, version: 1 })).statusCode).toBe(200);
    const stale = await patch(id, { crew: 6, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CUSTOMER_MESSAGES.stale);
    expect(await read(id)).toMatchObject({ crew: 5, version: 2 });
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('refuses a version that is not a whole positive number, and a version sent alone (400)', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    for (const version of [0, -1, 1.5, '2', 2_147_483_648]) {
      const refused = await patch(id, { crew: 5, version });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.version).toEqual([VERSION_MESSAGES.invalid]);
    }
    expect((await patch(id, { version: 1 })).statusCode).toBe(400);
    expect((await read(id)).version).toBe(1);
  });
});

describe('the manual address flag', () => {
  it('is read with the record, saved through PATCH and named in the history', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const saved = await patch(id, { isServiceAddressManual: true, serviceAddress: '12 Elm St, Unit B', version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ isServiceAddressManual: true, serviceAddress: '12 Elm St, Unit B' });
    const history = (await t.app.inject({ url: `/api/customers/${id}/history`, headers })).json().data;
    expect(history[0].description).toContain('changed manual address from No to Yes');
    expect((await patch(id, { isServiceAddressManual: 'yes' })).statusCode).toBe(400);
  });
});
