import type { CustomerDetail } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

let headers: { authorization: string };
let marketId: number;

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Admin' }));
  marketId = await insertMarket(t.db, 'Dallas');
});

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
const positionOf = async (id: number) => {
  const { lat, lng } = (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>()
    .data;
  return { lat, lng };
};
const historyOf = (id: number) =>
  t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id)).orderBy(customerHistory.id);

/** The zip centres of the bundled US zip data set. */
const AUSTIN_78701 = { lat: 30.2713, lng: -97.7426 };
const DALLAS_75201 = { lat: 32.7904, lng: -96.8044 };

/** A property in Austin, placed at Austin's centre. */
const inAustin = (serviceAddress: string) =>
  insertRecord(t.db, {
    marketId,
    property: { serviceAddress, zipcode: '78701', city: 'Austin', ...AUSTIN_78701 },
  });

describe('the position of a record follows its address', () => {
  it('moves to the new zip’s centre when the zip changes, and the history says so', async () => {
    const { id } = await inAustin('12 Congress Ave');
    const response = await patch(id, { zipcode: '75201', city: 'Dallas', version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ zipcode: '75201', ...DALLAS_75201, version: 2 });
    const [entry] = await historyOf(id);
    expect(entry?.description).toBe(
      'Changed zip code from 78701 to 75201; changed city from Austin to Dallas; ' +
        'changed latitude from 30.2713 to 32.7904; changed longitude from -97.7426 to -96.8044',
    );
    expect(entry?.changes).toMatchObject({
      lat: { from: AUSTIN_78701.lat, to: DALLAS_75201.lat },
      lng: { from: AUSTIN_78701.lng, to: DALLAS_75201.lng },
    });
  });

  it('takes the position the business already has for a new address it serves', async () => {
    const known = { lat: 32.8123, lng: -96.7811 };
    await insertRecord(t.db, { marketId, property: { serviceAddress: '4410 Placed Oak Street', ...known } });
    const { id } = await insertRecord(t.db, { marketId, property: { ...DALLAS_75201 } });
    const response = await patch(id, { serviceAddress: '4410 Placed Oak Street' });
    expect(response.json().data).toMatchObject({ serviceAddress: '4410 Placed Oak Street', ...known });
  });

  it('keeps a lat/lng given by hand with the change, and until the address changes again', async () => {
    const { id } = await inAustin('14 Congress Ave');
    const byHand = { lat: 32.7, lng: -96.9 };
    expect((await patch(id, { zipcode: '75201', city: 'Dallas', ...byHand })).json().data).toMatchObject(byHand);
    await patch(id, { crew: 12 });
    expect(await positionOf(id)).toEqual(byHand);
    await patch(id, { serviceAddress: '15 Main Street' });
    expect(await positionOf(id)).toEqual(DALLAS_75201);
  });

  it('is cleared when the new address cannot be placed, rather than left at the old one', async () => {
    const { id } = await inAustin('16 Congress Ave');
    // No US zip: neither the address nor its zip can be placed.
    const response = await patch(id, { zipcode: '00001' });
    expect(response.json().data).toMatchObject({ zipcode: '00001', lat: null, lng: null });
  });

  it('stays when nothing of the address changes', async () => {
    const { id } = await inAustin('18 Congress Ave');
    await patch(id, { serviceAddress: '18 Congress Ave', zipcode: '78701' });
    expect(await positionOf(id)).toEqual(AUSTIN_78701);
    expect(await historyOf(id)).toEqual([]);
  });
});
