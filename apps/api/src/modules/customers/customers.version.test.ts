import type { CustomerDetail } from '@lawn/shared';
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
