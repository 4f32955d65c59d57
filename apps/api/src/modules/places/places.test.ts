import {
  CUSTOMER_MESSAGES,
  PLACE_MESSAGES,
  type AddressSuggestion,
  type Geocode,
  type Page,
  type UsState,
  type ZipServiceArea,
  US_STATES,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countyRecords, markets, serviceZones, states } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let representative: TestUser;
let dallas: number;

beforeAll(async () => {
  await t.db.insert(states).values(US_STATES.map((state) => ({ ...state, isActive: state.code === 'TX' })));
  dallas = await insertMarket(t.db, 'Dallas', 8.25);
  await t.db.update(markets).set({ phone: '2145550140' }).where(eq(markets.id, dallas));
  await t.db.insert(serviceZones).values([
    { marketId: dallas, zipcode: '75201', city: 'Dallas', state: 'TX', isValidated: true, exceptions: 'No pools' },
    // A zip the zip data set does not know, with the city and state a person typed.
    { marketId: dallas, zipcode: '99999', city: 'Nowhere', state: 'TX' },
  ]);
  const homes = [
    { serviceAddress: '1204 Oak Lawn Ave', zipcode: '75201', lat: 32.8, lng: -96.81 },
    { serviceAddress: '1310 Oak Lawn Ave', zipcode: '75201', lat: 32.81, lng: -96.82 },
    { serviceAddress: '77 Oak Lawn Ave', zipcode: '75219', lat: 32.82, lng: -96.83 },
    { serviceAddress: '4821 Maple Avenue', zipcode: '75219', lat: 32.83, lng: -96.84 },
    { serviceAddress: '500 Oakwood Dr', zipcode: '75201', lat: null, lng: null },
  ];
  for (const home of homes) await insertRecord(t.db, { marketId: dallas, property: home });
  const gone = await insertRecord(t.db, { marketId: dallas, property: { serviceAddress: '12 Oak Hidden Ct' } });
  await t.db.execute(`update properties set deleted_at = now() where id = ${gone.id}`);
  await t.db.insert(countyRecords).values({
    zipcode: '75201',
    addressKey: '1204 oak lawn ave',
    address: '1204 Oak Lawn Avenue',
    ownerName: 'Pat Doe',
    lotSize: 9100,
    assessedValue: 312_500.5,
  });
  representative = await t.createUser({ role: 'Representative' });
});

async function get(url: string, as: TestUser | null = representative) {
  const headers = as ? await t.authHeaders(as) : {};
  return t.app.inject({ url, headers, remoteAddress: nextIp() });
}

const suggestionsOf = async (url: string, as: TestUser | null = representative) => {
  const response = await get(url, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AddressSuggestion[] }>().data;
};

describe('GET /api/states', () => {
  it('lists the states by name, and the states the business serves', async () => {
    const all = (await get('/api/states')).json<Page<UsState>>();
    expect(all.total).toBe(51);
    expect(all.data[0]).toMatchObject({ code: 'AL', name: 'Alabama', isActive: false });
    const active = (await get('/api/states?filter[isActive]=1')).json<Page<UsState>>();
    expect(active.data.map((state) => state.code)).toEqual(['TX']);
    expect((await get('/api/states?filter[isActive]=maybe')).statusCode).toBe(400);
  });

  it('is public under /api/web for the quote', async () => {
    const response = await get('/api/web/states?filter[isActive]=true', null);
    expect(response.json<Page<UsState>>().data.map((state) => state.name)).toEqual(['Texas']);
  });
});

describe('GET /api/us-zips/:zipcode', () => {
  it('answers a zip’s city, state and centre from the offline zip data set', async () => {
    const response = await get('/api/us-zips/76574');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ zipcode: '76574', city: 'Taylor', state: 'TX' });
    expect(response.json().data.lat).toBeCloseTo(30.57, 1);
  });

  it('answers 404 under the zip field for a zip that does not exist, and 400 for one that is not a zip', async () => {
    const missing = await get('/api/us-zips/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      message: PLACE_MESSAGES.zipNotFound,
      errors: { zipcode: [PLACE_MESSAGES.zipNotFound] },
    });
    const malformed = await get('/api/us-zips/7520');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ zipcode: [CUSTOMER_MESSAGES.zipInvalid] });
  });
});

describe('GET /api/zip-code/:zipcode', () => {
  it('answers the zone’s market, exceptions, tax rate, phone, city, state and centre', async () => {
    const response = await get('/api/zip-code/75201');
    expect(response.statusCode, response.body).toBe(200);
    const area = response.json<{ data: ZipServiceArea }>().data;
    expect(area).toMatchObject({
      zipcode: '75201',
      city: 'Dallas',
      state: 'TX',
      serviceMarketsId: dallas,
      marketName: 'Dallas',
      taxRate: 8.25,
      phoneMarket: '2145550140',
      exceptions: 'No pools',
    });
    expect(area.lat).toBeCloseTo(32.79, 1);
    // A zone whose zip the data set does not know has no centre, but still answers.
    expect((await get('/api/zip-code/99999')).json().data).toMatchObject({ city: 'Nowhere', lat: null, lng: null });
  });

  it('says a real zip outside every zone is not in the service area, and an unknown one is not found', async () => {
    const outside = await get('/api/zip-code/76574');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({
      message: PLACE_MESSAGES.notInServiceArea,
      errors: { zipcode: [PLACE_MESSAGES.notInServiceArea] },
    });
    const unknown = await get('/api/zip-code/00000');
    expect(unknown.json().errors).toEqual({ zipcode: [PLACE_MESSAGES.zipNotFound] });
  });

  it('answers the same anonymously under /api/web, and only for office roles otherwise', async () => {
    expect((await get('/api/web/zip-code/75201', null)).json().data.exceptions).toBe('No pools');
    expect((await get('/api/zip-code/75201', null)).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 3 });
    expect((await get('/api/zip-code/75201', crew)).statusCode).toBe(403);
  });
});

describe('GET /api/places/suggestions', () => {
  it('offers staff the known addresses first, with their positions, then known streets with the typed number', async () => {
    const suggestions = await suggestionsOf('/api/places/suggestions?q=1204%20oak');
    expect(suggestions[0]).toEqual({
      serviceAddress: '1204 Oak Lawn Ave',
      zipcode: '75201',
      city: 'Dallas',
      state: 'TX',
      isKnown: true,
      lat: 32.8,
      lng: -96.81,
    });
    // Oak Lawn Ave is known in two zips and Oakwood Dr in one; the deleted property's street is not offered.
    expect(suggestions.slice(1).map((s) => [s.serviceAddress, s.zipcode, s.isKnown])).toEqual([
      ['1204 Oak Lawn Ave', '75219', false],
      ['1204 Oakwood Dr', '75201', false],
    ]);
  });

  it('keeps to the zip when it is known, and offers the zip’s streets for a bare house number', async () => {
    const inZip = await suggestionsOf('/api/places/suggestions?q=9%20oak&zipcode=75219');
    expect(inZip.map((s) => s.serviceAddress)).toEqual(['9 Oak Lawn Ave']);
    const bare = await suggestionsOf('/api/places/suggestions?q=9&zipcode=75219');
    expect(bare.map((s) => s.serviceAddress)).toEqual(['9 Maple Avenue', '9 Oak Lawn Ave']);
    expect(await suggestionsOf('/api/places/suggestions?q=9')).toEqual([]);
    expect((await suggestionsOf('/api/places/suggestions?q=oak&limit=1')).length).toBe(1);
  });

  it('never shows the public a customer’s address or position, only streets with the number typed', async () => {
    const suggestions = await suggestionsOf('/api/web/places/suggestions?q=13', null);
    expect(suggestions).toEqual([]);
    const streets = await suggestionsOf('/api/web/places/suggestions?q=1310%20oak%20l', null);
    expect(streets.map((s) => [s.serviceAddress, s.zipcode, s.isKnown, s.lat])).toEqual([
      ['1310 Oak Lawn Ave', '75201', false, null],
      ['1310 Oak Lawn Ave', '75219', false, null],
    ]);
  });

  it('takes the typed text literally, wildcards included', async () => {
    expect(await suggestionsOf('/api/places/suggestions?q=%25')).toEqual([]);
    expect(await suggestionsOf('/api/places/suggestions?q=1_04')).toEqual([]);
  });

  it('answers 400 for text that is missing, too long or holds a NUL', async () => {
    expect((await get('/api/places/suggestions')).json().errors).toEqual({ q: [PLACE_MESSAGES.addressRequired] });
    expect((await get(`/api/places/suggestions?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get('/api/places/suggestions?q=a%00')).statusCode).toBe(400);
  });
});

describe('GET /api/places/geocode', () => {
  const geocode = async (query: string) => {
    const response = await get(`/api/places/geocode?${query}`);
    return { status: response.statusCode, body: response.json<{ data: Geocode }>() };
  };

  it('places a known address where its property is, whatever the case', async () => {
    const { body } = await geocode('address=1204%20OAK%20LAWN%20AVE&zipcode=75201');
    expect(body.data).toEqual({
      lat: 32.8,
      lng: -96.81,
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      isApproximate: false,
    });
  });

  it('places any other address at its zip code’s centre, marked approximate', async () => {
    const { body } = await geocode('address=1%20Main%20St&zipcode=76574');
    expect(body.data).toMatchObject({ city: 'Taylor', state: 'TX', zipcode: '76574', isApproximate: true });
    // The zip may also close the address itself; a known address without a position counts as unknown.
    expect((await geocode('address=1%20Main%20St%2C%20Taylor%2C%20TX%2076574')).body.data.zipcode).toBe('76574');
    expect((await geocode('address=500%20Oakwood%20Dr&zipcode=75201')).body.data.isApproximate).toBe(true);
  });

  it('answers 404 under the address field when it cannot be placed at all', async () => {
    const { status, body } = await geocode('address=Somewhere');
    expect(status).toBe(404);
    expect(body).toMatchObject({ errors: { address: [PLACE_MESSAGES.addressNotLocated] } });
  });
});

describe('GET /api/places/property-data', () => {
  it('answers the county record of an address however it is spelled', async () => {
    const response = await get('/api/places/property-data?address=1204%20Oak%20Lawn%20Avenue&zipcode=75201');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ owner: 'Pat Doe', size: 9100, pvalue: 312_500.5 });
    const abbreviated = await get('/api/places/property-data?address=1204%20oak%20lawn%20ave.&zipcode=75201');
    expect(abbreviated.json().data.size).toBe(9100);
  });

  it('answers 404 when the county has no record, and 400 without an address or zip', async () => {
    const missing = await get('/api/places/property-data?address=1204%20Oak%20Lawn%20Ave&zipcode=75219');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ address: [PLACE_MESSAGES.noCountyRecord] });
    const bad = await get('/api/places/property-data?address=');
    expect(bad.json().errors).toEqual({
      address: [CUSTOMER_MESSAGES.serviceAddressRequired],
      zipcode: [CUSTOMER_MESSAGES.zipRequired],
    });
  });
});

describe('GET /api/web/map-settings', () => {
  it('answers the configured tile template and its credit, to anyone', async () => {
    const response = await get('/api/web/map-settings', null);
    expect(response.json().data).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });
});
