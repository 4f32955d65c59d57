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

describe('editing a location', () => {
  const edit = (id: number, locationId: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/customers/${id}/locations/${locationId}`, headers, payload });

  /** A record with one location naming another record; answers both records and the location. */
  async function recordWithLocation() {
    const record = await insertRecord(t.db, { marketId });
    const other = await insertRecord(t.db, { marketId });
    const created = await add(record.id, {
      streetAddress: '9 Elm',
      accountNumber: other.accountNumber,
      zipCode: '75201',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { record, other, location: created.json<{ data: Location }>().data };
  }

  const recordVersion = async (id: number) =>
    (await t.db.select({ version: properties.version }).from(properties).where(eq(properties.id, id)))[0]?.version;

  it('saves the edit from the version read: a new version, the record edited, one history entry', async () => {
    const { record, other, location } = await recordWithLocation();
    expect(location.version).toBe(1);
    const before = await recordVersion(record.id);
    const response = await edit(record.id, location.id, {
      streetAddress: '11 Elm',
      accountNumber: other.accountNumber,
      zipCode: '75202',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(LOCATION_MESSAGES.updated);
    expect(response.json<{ data: Location }>().data).toMatchObject({
      id: location.id,
      streetAddress: '11 Elm',
      zipCode: '75202',
      linkedCustomerAttributesId: other.id,
      version: 2,
    });
    expect(await list(record.id)).toEqual([expect.objectContaining({ streetAddress: '11 Elm', version: 2 })]);
    expect(await recordVersion(record.id)).toBe((before ?? 0) + 1);
    expect((await historyOf(record.id))[0]).toEqual({
      action: 'location',
      description: `Changed location 9 Elm, 75201 (account ${other.accountNumber}) to 11 Elm, 75202 (account ${other.accountNumber})`,
    });
  });

  it('answers 409 for a version someone changed meanwhile, and writes nothing', async () => {
    const { record, other, location } = await recordWithLocation();
    const values = { accountNumber: other.accountNumber, zipCode: '75201' };
    expect((await edit(record.id, location.id, { ...values, streetAddress: '1 First', version: 1 })).statusCode).toBe(
      200,
    );
    const stale = await edit(record.id, location.id, { ...values, streetAddress: '2 Second', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: LOCATION_MESSAGES.stale });
    expect(await list(record.id)).toEqual([expect.objectContaining({ streetAddress: '1 First', version: 2 })]);
    expect((await historyOf(record.id)).filter((entry) => entry.description.startsWith('Changed'))).toHaveLength(1);
  });

  it('keeps the rules of a new location: all three fields, a real zip and another live record’s account', async () => {
    const { record, other, location } = await recordWithLocation();
    const blank = await edit(record.id, location.id, {
      streetAddress: ' ',
      accountNumber: '',
      zipCode: '',
      version: 1,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({
      streetAddress: [LOCATION_MESSAGES.fillAll],
      accountNumber: [LOCATION_MESSAGES.fillAll],
      zipCode: [LOCATION_MESSAGES.fillAll],
    });
    const values = { streetAddress: '9 Elm', zipCode: '75201', version: 1 };
    const errorsFor = async (payload: Record<string, unknown>) =>
      (await edit(record.id, location.id, { ...values, ...payload })).json().errors;
    expect(await errorsFor({ accountNumber: other.accountNumber, zipCode: '7520' })).toEqual({
      zipCode: ['Zip code is not valid (e.g. 70000)'],
    });
    expect(await errorsFor({ accountNumber: 'NOPE-1' })).toEqual({
      accountNumber: [LOCATION_MESSAGES.accountNotFound],
    });
    expect(await errorsFor({ accountNumber: record.accountNumber })).toEqual({
      accountNumber: [LOCATION_MESSAGES.ownAccount],
    });
    const missingVersion = await edit(record.id, location.id, {
      ...values,
      accountNumber: other.accountNumber,
      version: undefined,
    });
    expect(missingVersion.statusCode).toBe(400);
    expect(missingVersion.json().errors).toEqual({ version: ['Send the version you edited'] });
    expect(await list(record.id)).toEqual([
      expect.objectContaining({ accountNumber: other.accountNumber, version: 1 }),
    ]);
  });

  it('links the record a changed account number names, and refuses an account the record already lists', async () => {
    const { record, location } = await recordWithLocation();
    const third = await insertRecord(t.db, { marketId });
    const fourth = await insertRecord(t.db, { marketId });
    expect(
      (await add(record.id, { streetAddress: '4 Fourth', accountNumber: fourth.accountNumber, zipCode: '75201' }))
        .statusCode,
    ).toBe(201);
    const values = { streetAddress: '9 Elm', zipCode: '75201' };

    const taken = await edit(record.id, location.id, { ...values, accountNumber: fourth.accountNumber, version: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ accountNumber: [LOCATION_MESSAGES.alreadyAssigned] });

    const moved = await edit(record.id, location.id, { ...values, accountNumber: third.accountNumber, version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: Location }>().data).toMatchObject({
      accountNumber: third.accountNumber,
      linkedCustomerAttributesId: third.id,
    });
  });

  it('corrects the street of a location whose record was deleted since, without verifying its account again', async () => {
    const { record, other, location } = await recordWithLocation();
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, other.id));
    const response = await edit(record.id, location.id, {
      streetAddress: '9 Elm Street',
      accountNumber: other.accountNumber,
      zipCode: '75201',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Location }>().data).toMatchObject({
      streetAddress: '9 Elm Street',
      linkedCustomerAttributesId: null,
    });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const { record, other, location } = await recordWithLocation();
    const before = await recordVersion(record.id);
    const response = await edit(record.id, location.id, {
      streetAddress: '9 Elm',
      accountNumber: other.accountNumber,
      zipCode: '75201',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Location }>().data.version).toBe(1);
    expect(await recordVersion(record.id)).toBe(before);
  });

  it('answers 404 for a removed location and for another record’s location', async () => {
    const { record, other, location } = await recordWithLocation();
    const stranger = await insertRecord(t.db, { marketId });
    const values = { streetAddress: '9 Elm', accountNumber: other.accountNumber, zipCode: '75201', version: 1 };
    expect((await edit(stranger.id, location.id, values)).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/customers/${record.id}/locations/${location.id}`, headers });
    const removed = await edit(record.id, location.id, { ...values, streetAddress: '10 Elm' });
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual({ message: LOCATION_MESSAGES.notFound });
  });
});
