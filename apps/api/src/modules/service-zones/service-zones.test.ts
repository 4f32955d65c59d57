import { randomUUID } from 'node:crypto';
import { SERVICE_ZONE_MESSAGES, type Page, type ServiceZone, US_STATES } from '@lawn/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceZones, states } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let manager: TestUser;
let representative: TestUser;
let dallas: number;
let austin: number;

beforeAll(async () => {
  await t.db.insert(states).values(US_STATES.map((state) => ({ ...state, isActive: state.code === 'TX' })));
  dallas = await insertMarket(t.db, 'Dallas');
  austin = await insertMarket(t.db, 'Austin');
  manager = await t.createUser({ role: 'Manager', firstName: 'Maria', lastName: 'Garcia' });
  representative = await t.createUser({ role: 'Representative' });
});

type Call = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url?: string;
  payload?: unknown;
  as?: TestUser;
  key?: string;
};

async function call({ method = 'GET', url = '', payload, as = manager, key }: Call) {
  const headers = { ...(await t.authHeaders(as)), ...(key ? { 'idempotency-key': key } : {}) };
  return t.app.inject({
    method,
    url: `/api/service-zones${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addZone(payload: Record<string, unknown>): Promise<ServiceZone> {
  const response = await call({ method: 'POST', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ServiceZone }>().data;
}

const zoneCount = async () => (await t.db.select({ total: count() }).from(serviceZones))[0]?.total ?? 0;

describe('POST /api/service-zones', () => {
  it('adds a known zip with the city and state of the zip data set, validated, and says so', async () => {
    const response = await call({
      method: 'POST',
      payload: { marketId: dallas, zipcode: '75201', exceptions: 'No gated communities', city: 'Wrong', state: '' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data, message } = response.json<{ data: ServiceZone; message: string }>();
    expect(message).toBe(SERVICE_ZONE_MESSAGES.added);
    expect(data).toMatchObject({
      marketId: dallas,
      marketName: 'Dallas',
      zipcode: '75201',
      exceptions: 'No gated communities',
      city: 'Dallas',
      state: 'TX',
      isValidated: true,
      user: { id: manager.id, fullName: 'Maria Garcia' },
      version: 1,
    });
  });

  it('needs the city and state of a zip the data set does not know, and keeps them unvalidated', async () => {
    const before = await zoneCount();
    // 75299: no zip of the data set, but Texas's zips start with 752.
    const missing = await call({ method: 'POST', payload: { marketId: dallas, zipcode: '75299' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      city: [SERVICE_ZONE_MESSAGES.cityRequired],
      state: [SERVICE_ZONE_MESSAGES.stateRequired],
    });
    const unknownState = await call({
      method: 'POST',
      payload: { marketId: dallas, zipcode: '75299', city: 'Nowhere', state: 'QQ' },
    });
    expect(unknownState.json().errors).toEqual({ state: [SERVICE_ZONE_MESSAGES.stateUnknown] });
    expect(await zoneCount()).toBe(before);

    const zone = await addZone({ marketId: dallas, zipcode: '75299', city: 'Nowhere', state: 'tx' });
    expect(zone).toMatchObject({ city: 'Nowhere', state: 'TX', isValidated: false });
  });

  it('refuses a city and state that cannot be an unknown zip’s: no US zip starts like it, or they are another state’s', async () => {
    const before = await zoneCount();
    // What a form left over from 12345 (Schenectady, NY) would send for 00001 and for 75298 (Texas).
    const noSuchZip = await call({
      method: 'POST',
      payload: { marketId: dallas, zipcode: '00001', city: 'Schenectady', state: 'NY' },
    });
    expect(noSuchZip.statusCode).toBe(400);
    expect(noSuchZip.json().errors).toEqual({ zipcode: [SERVICE_ZONE_MESSAGES.zipNoArea] });
    const otherState = await call({
      method: 'POST',
      payload: { marketId: dallas, zipcode: '75298', city: 'Schenectady', state: 'NY' },
    });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().errors).toEqual({ state: [SERVICE_ZONE_MESSAGES.stateNotOfZip(['TX'])] });
    expect(await zoneCount()).toBe(before);

    const zone = await addZone({ marketId: austin, zipcode: '78799', city: 'Austin', state: 'TX' });
    const edited = await call({
      method: 'PATCH',
      url: `/${zone.id}`,
      payload: { marketId: austin, zipcode: '00001', city: 'Austin', state: 'TX', version: zone.version },
    });
    expect(edited.json().errors).toEqual({ zipcode: [SERVICE_ZONE_MESSAGES.zipNoArea] });
  });

  it('keeps a zip in one market at most, naming the market that has it', async () => {
    await addZone({ marketId: austin, zipcode: '78701' });
    const before = await zoneCount();
    const response = await call({ method: 'POST', payload: { marketId: dallas, zipcode: '78701' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ zipcode: [SERVICE_ZONE_MESSAGES.zipTaken('Austin')] });
    expect(await zoneCount()).toBe(before);
  });

  it('answers each bad field with its message and saves nothing', async () => {
    const before = await zoneCount();
    const response = await call({
      method: 'POST',
      payload: { marketId: 99_999_999_999, zipcode: '7520a', exceptions: 'x'.repeat(501), city: 'a\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      marketId: [SERVICE_ZONE_MESSAGES.marketRequired],
      zipcode: [SERVICE_ZONE_MESSAGES.zipDigits],
      exceptions: [SERVICE_ZONE_MESSAGES.exceptionsMax],
      city: ['Text cannot contain a NUL character'],
    });
    const noMarket = await call({ method: 'POST', payload: { marketId: 2_000_000, zipcode: '75205' } });
    expect(noMarket.json().errors).toEqual({ marketId: [SERVICE_ZONE_MESSAGES.marketRequired] });
    expect(await zoneCount()).toBe(before);
  });

  it('answers a retry with the same Idempotency-Key with the first answer and adds nothing more', async () => {
    const key = randomUUID();
    const payload = { marketId: austin, zipcode: '78702', exceptions: '' };
    const first = await call({ method: 'POST', payload, key });
    const retry = await call({ method: 'POST', payload, key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.db.select().from(serviceZones).where(eq(serviceZones.zipcode, '78702'))).toHaveLength(1);
  });
});

describe('GET /api/service-zones', () => {
  it('lists one market’s zones by zip code, a page at a time, for every office role', async () => {
    await addZone({ marketId: dallas, zipcode: '75204' });
    await addZone({ marketId: dallas, zipcode: '75202' });
    const response = await call({ url: '?filter[marketId]=' + dallas + '&limit=2', as: representative });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<ServiceZone>>();
    expect(page.data.map((zone) => zone.zipcode)).toEqual(['75201', '75202']);
    expect(page).toMatchObject({ total: 4, perPage: 2, currentPage: 1, lastPage: 2 });
    const second = (await call({ url: `?filter[marketId]=${dallas}&limit=2&page=2&sort=zipcode` })).json<
      Page<ServiceZone>
    >();
    expect(second.data.map((zone) => zone.zipcode)).toEqual(['75204', '75299']);
    const newestFirst = (await call({ url: `?filter[marketId]=${dallas}&sort=-createdAt` })).json<Page<ServiceZone>>();
    expect(newestFirst.data[0]?.zipcode).toBe('75202');
  });

  it('refuses unknown filters and sorts', async () => {
    expect((await call({ url: '?filter[city]=Dallas' })).statusCode).toBe(400);
    expect((await call({ url: '?sort=city' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/service-zones/:id', () => {
  it('changes a zone made on the current version, and refuses a change made on a stale one', async () => {
    const zone = await addZone({ marketId: austin, zipcode: '78703', exceptions: 'Front yards only' });
    const editor = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
    const changed = await call({
      method: 'PATCH',
      url: `/${zone.id}`,
      as: editor,
      payload: { marketId: austin, zipcode: '78703', exceptions: 'No pools', version: zone.version },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: SERVICE_ZONE_MESSAGES.edited,
      data: { exceptions: 'No pools', version: 2, user: { fullName: 'Alex Morgan' } },
    });

    const stale = await call({
      method: 'PATCH',
      url: `/${zone.id}`,
      payload: { marketId: austin, zipcode: '78703', exceptions: 'Lost update', version: zone.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(SERVICE_ZONE_MESSAGES.stale);
    const [stored] = await t.db.select().from(serviceZones).where(eq(serviceZones.id, zone.id));
    expect(stored?.exceptions).toBe('No pools');
  });

  it('moves a zip to another market only when no other zone has the new zip', async () => {
    const zone = await addZone({ marketId: austin, zipcode: '78704' });
    const taken = await call({
      method: 'PATCH',
      url: `/${zone.id}`,
      payload: { marketId: austin, zipcode: '75201', version: zone.version },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ zipcode: [SERVICE_ZONE_MESSAGES.zipTaken('Dallas')] });
    const moved = await call({
      method: 'PATCH',
      url: `/${zone.id}`,
      payload: { marketId: dallas, zipcode: '78704', version: zone.version },
    });
    expect(moved.json()).toMatchObject({ data: { marketId: dallas, marketName: 'Dallas' } });
  });

  it('answers 404 for a zone that does not exist', async () => {
    const response = await call({
      method: 'PATCH',
      url: '/2000000',
      payload: { marketId: dallas, zipcode: '75201', version: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/service-zones/:id', () => {
  it('deletes a zone, after which it is gone', async () => {
    const zone = await addZone({ marketId: austin, zipcode: '78705' });
    const response = await call({ method: 'DELETE', url: `/${zone.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(SERVICE_ZONE_MESSAGES.deleted);
    expect((await call({ method: 'DELETE', url: `/${zone.id}` })).statusCode).toBe(404);
  });
});

describe('who may change zones', () => {
  it('lets every office role read them and only Admin and Manager change them', async () => {
    const zone = await addZone({ marketId: austin, zipcode: '78717' });
    const service = await t.createUser({ role: 'customer-service' });
    const crew = await t.createUser({ role: 'crew', crewNumber: 7 });
    for (const user of [representative, service]) {
      expect((await call({ as: user })).statusCode).toBe(200);
      expect(
        (await call({ method: 'POST', as: user, payload: { marketId: dallas, zipcode: '75206' } })).statusCode,
      ).toBe(403);
      expect((await call({ method: 'DELETE', url: `/${zone.id}`, as: user })).statusCode).toBe(403);
    }
    expect((await call({ as: crew })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/service-zones' })).statusCode).toBe(401);
    expect(await t.db.select().from(serviceZones).where(eq(serviceZones.id, zone.id))).toHaveLength(1);
  });
});
