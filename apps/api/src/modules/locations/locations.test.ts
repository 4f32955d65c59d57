import { LOCATION_MESSAGES, type Location } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

const add = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/customers/${id}/locations`, headers, payload });

async function list(id: number): Promise<Location[]> {
  const response = await t.app.inject({ url: `/api/customers/${id}/locations`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Location[] }>().data;
}

async function historyOf(id: number) {
  const result = await t.db.execute<{ action: string; description: string }>(
    sql`select action, description from customer_history where property_id = ${id} order by id desc`,
  );
  return result.rows;
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('other locations of a customer record', () => {
  it('assigns a location by another record’s account number, lists it and records it', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const other = await insertRecord(t.db, { marketId });
    const response = await add(id, {
      streetAddress: '12 Oak St',
      accountNumber: other.accountNumber,
      zipCode: '75201',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(LOCATION_MESSAGES.added);
    expect(await list(id)).toEqual([
      expect.objectContaining({
        streetAddress: '12 Oak St',
        accountNumber: other.accountNumber,
        zipCode: '75201',
        linkedCustomerAttributesId: other.id,
        status: 1,
      }),
    ]);
    expect(await historyOf(id)).toEqual([
      { action: 'location', description: `Assigned location 12 Oak St, 75201 (account ${other.accountNumber})` },
    ]);
  });

  it("needs all three fields: 'Fill in the 3 fields to assign a location'", async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const response = await add(id, { streetAddress: ' ', zipCode: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      streetAddress: [LOCATION_MESSAGES.fillAll],
      accountNumber: [LOCATION_MESSAGES.fillAll],
      zipCode: [LOCATION_MESSAGES.fillAll],
    });
    const badZip = await add(id, { streetAddress: '1 A St', accountNumber: '500001', zipCode: '7520' });
    expect(badZip.json().errors).toEqual({ zipCode: ['Zip code is not valid (e.g. 70000)'] });
  });

  it('verifies the account number: unknown, deleted and its own are refused; each is assigned once', async () => {
    const { id, accountNumber } = await insertRecord(t.db, { marketId });
    const other = await insertRecord(t.db, { marketId });
    const gone = await insertRecord(t.db, { marketId });
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, gone.id));
    const errorsFor = async (account: string) =>
      (await add(id, { streetAddress: '1 A St', accountNumber: account, zipCode: '75201' })).json().errors;
    expect(await errorsFor('NOPE-1')).toEqual({ accountNumber: [LOCATION_MESSAGES.accountNotFound] });
    expect(await errorsFor(gone.accountNumber)).toEqual({ accountNumber: [LOCATION_MESSAGES.accountNotFound] });
    expect(await errorsFor(accountNumber)).toEqual({ accountNumber: [LOCATION_MESSAGES.ownAccount] });

    const first = await add(id, { streetAddress: '1 A St', accountNumber: other.accountNumber, zipCode: '75201' });
    expect(first.statusCode).toBe(201);
    const twice = await add(id, { streetAddress: '1 A St', accountNumber: other.accountNumber, zipCode: '75201' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(LOCATION_MESSAGES.alreadyAssigned);
    expect(await list(id)).toHaveLength(1);
  });

  it('removes a location (then it can be assigned again), and offers no jump to a deleted record', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const other = await insertRecord(t.db, { marketId });
    const created = await add(id, { streetAddress: '9 Elm', accountNumber: other.accountNumber, zipCode: '75201' });
    const locationId = created.json<{ data: Location }>().data.id;

    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, other.id));
    expect((await list(id))[0]?.linkedCustomerAttributesId).toBeNull();

    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/customers/${id}/locations/${locationId}`, headers });
    const response = await remove();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: LOCATION_MESSAGES.removed });
    expect(await list(id)).toEqual([]);
    expect((await historyOf(id))[0]?.description).toBe(
      `Removed location 9 Elm, 75201 (account ${other.accountNumber})`,
    );
    expect((await remove()).statusCode).toBe(404);
  });

  it('answers 404 for another record’s location', async () => {
    const { id } = await insertRecord(t.db, { marketId });
    const owner = await insertRecord(t.db, { marketId });
    const other = await insertRecord(t.db, { marketId });
    const created = await add(owner.id, {
      streetAddress: '9 Elm',
      accountNumber: other.accountNumber,
      zipCode: '75201',
    });
    const locationId = created.json<{ data: Location }>().data.id;
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${id}/locations/${locationId}`,
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect(await list(owner.id)).toHaveLength(1);
  });
});
