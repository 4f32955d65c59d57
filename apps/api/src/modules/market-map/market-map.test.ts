import {
  MARKET_MAP_MESSAGES,
  ORDER_STATUS,
  mapPointsOf,
  weekOf,
  type CrewDay,
  type IsoDate,
  type MapPoint,
  type MapStopDetail,
  type MapStopsResponse,
  type OperationsReportRow,
  type Page,
  type RouteOrderResponse,
} from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, markets, properties, serviceNotes } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { CREW_TODAY, crewClock, insertStop } from '../crew/crew.test-fixtures';

// Today is Wednesday 2026-06-10 (week 16 of mow year 2026).
const t = useTestContext({ clock: crewClock });

let marketId: number;
let otherMarketId: number;
let office: Record<string, string>;
let otherOffice: Record<string, string>;
let admin: Record<string, string>;

/** The depot and stops east of it on one street, so the shortest round trip is plain. */
const DEPOT = { lat: 31.25, lng: -99.25, address: '1 Yard Road' };
const eastOfDepot = (km: number) => ({ lat: DEPOT.lat, lng: DEPOT.lng + km / 95 });

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Map market');
  otherMarketId = await insertMarket(t.db, 'Other map market');
  office = await t.authHeaders(await t.createUser({ role: 'Representative' }));
  otherOffice = await t.authHeaders(await t.createUser({ role: 'customer-service' }));
  admin = await t.authHeaders(await t.createUser({ role: 'Admin' }));
});

/** A stop of `crew` today at `km` east of the depot (no position when `km` is null). */
const stop = (crew: number | null, km: number | null, extra: { marketId?: number; serviceAddress?: string } = {}) =>
  insertStop(t.db, {
    marketId: extra.marketId ?? marketId,
    crew: crew as number,
    property: {
      ...(km === null ? { lat: null, lng: null } : eastOfDepot(km)),
      ...(extra.serviceAddress ? { serviceAddress: extra.serviceAddress } : {}),
    },
  });

/** The stops answer, its markers one by one as `data`. */
async function stopsOf(query: string, headers = office): Promise<MapStopsResponse & { data: MapPoint[] }> {
  const response = await t.app.inject({ url: `/api/market-map/stops?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<MapStopsResponse>();
  return { ...body, data: mapPointsOf(body.stops) };
}

const assign = (body: Record<string, unknown>, headers = office) =>
  t.app.inject({ method: 'POST', url: '/api/market-map/crew', headers, payload: { marketId, ...body } });

const crewOf = async (id: number) =>
  (await t.db.select({ crew: properties.crew }).from(properties).where(eq(properties.id, id)))[0]?.crew;

const crewHistoryOf = (id: number) =>
  t.db
    .select({ description: customerHistory.description, changes: customerHistory.changes })
    .from(customerHistory)
    .where(eq(customerHistory.propertyId, id))
    .orderBy(customerHistory.id);

describe('GET /api/market-map/stops', () => {
  it("answers the market's serviced properties of the day: all counted, those with a position listed", async () => {
    const market = await insertMarket(t.db, 'Counted map market');
    const placed = await stop(3101, 2, { marketId: market });
    await stop(3101, null, { marketId: market });
    await insertStop(t.db, { marketId: market, crew: 3101, workdays: ['2026-06-11'], property: eastOfDepot(1) });
    await stop(3101, 1, { marketId: otherMarketId });

    const day = await stopsOf(`marketId=${market}&date=${CREW_TODAY}`);
    expect(day.total).toBe(2);
    expect(day.data.map((row) => row.propertyId)).toEqual([placed]);
    expect(day.data[0]).toMatchObject({ crew: 3101, routePosition: null, ...eastOfDepot(2) });
    expect((await stopsOf(`marketId=${market}&date=2026-06-12`)).total).toBe(0);
  });

  it('follows the crew day: a skip and a write-in take a stop out, a write-in and a redo bring one in', async () => {
    const market = await insertMarket(t.db, 'Changed day map market');
    const week = weekOf(CREW_TODAY);
    const note = (propertyId: number, type: 'skip' | 'write' | 'redo', workday: IsoDate) =>
      t.db.insert(serviceNotes).values({ propertyId, year: week.year, week: week.week, type, workday });
    const kept = await stop(3301, 1, { marketId: market });
    await note(await stop(3301, 2, { marketId: market }), 'skip', CREW_TODAY);
    await note(await stop(3301, 3, { marketId: market }), 'write', '2026-06-11');
    const placedOn = (workdays: IsoDate[]) =>
      insertStop(t.db, { marketId: market, crew: 3301, workdays, property: eastOfDepot(4) });
    const writtenIn = await placedOn(['2026-06-12']);
    await note(writtenIn, 'write', CREW_TODAY);
    const redone = await placedOn(['2026-06-08']);
    await note(redone, 'redo', CREW_TODAY);
    // Not the crew's: a pending order, one out of service, one deleted.
    await insertStop(t.db, { marketId: market, crew: 3301, property: { statusOrders: ORDER_STATUS.pending } });
    await insertStop(t.db, { marketId: market, crew: 3301, property: { status: 5 } });
    await insertStop(t.db, { marketId: market, crew: 3301, property: { deletedAt: new Date() } });

    const day = await stopsOf(`marketId=${market}&date=${CREW_TODAY}`);
    expect(day.data.map((row) => row.propertyId)).toEqual([kept, writtenIn, redone]);
    expect(day.total).toBe(3);
    expect((await stopsOf(`marketId=${market}&date=${CREW_TODAY}&crew=3301`)).total).toBe(3);
    // The one moved away shows on its written-in day.
    expect((await stopsOf(`marketId=${market}&date=2026-06-11`)).total).toBe(1);
  });

  it('filters by crew', async () => {
    const market = await insertMarket(t.db, 'Crew filter market');
    const mine = await stop(3201, 1, { marketId: market });
    await stop(3202, 1, { marketId: market });
    const day = await stopsOf(`marketId=${market}&date=${CREW_TODAY}&crew=3201`);
    expect(day.data.map((row) => row.propertyId)).toEqual([mine]);
  });

  it('answers only the markers: id, position, crew and route position, one array per column', async () => {
    const market = await insertMarket(t.db, 'Thin map market');
    const first = await stop(3111, 1, { marketId: market });
    const second = await stop(null, 2, { marketId: market });
    const day = await stopsOf(`marketId=${market}&date=${CREW_TODAY}`);
    expect(day.stops).toEqual({
      propertyId: [first, second],
      lat: [eastOfDepot(1).lat, eastOfDepot(2).lat],
      lng: [eastOfDepot(1).lng, eastOfDepot(2).lng],
      crew: [3111, null],
      routePosition: [null, null],
    });
  });

  it("follows a property's later changes of crew, position and service, and its removal", async () => {
    const market = await insertMarket(t.db, 'Changing map market');
    const moved = await stop(3141, 1, { marketId: market });
    const stopped = await stop(3141, 2, { marketId: market });
    const removed = await stop(3141, 3, { marketId: market });
    const assigned = await assign({ marketId: market, action: 'assign', propertyIds: [moved], crew: '3142' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await t.db.update(properties).set(eastOfDepot(5)).where(eq(properties.id, moved));
    await t.db.update(properties).set({ status: 5 }).where(eq(properties.id, stopped));
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, removed));

    const day = await stopsOf(`marketId=${market}&date=${CREW_TODAY}`);
    expect(day.data).toEqual([{ propertyId: moved, ...eastOfDepot(5), crew: 3142, routePosition: null }]);
    expect(day.total).toBe(1);
    expect((await stopsOf(`marketId=${market}&date=${CREW_TODAY}&crew=3141`)).total).toBe(0);

    await t.db.update(properties).set({ status: 1, lat: null, lng: null }).where(eq(properties.id, stopped));
    const back = await stopsOf(`marketId=${market}&date=${CREW_TODAY}`);
    expect(back.total).toBe(2);
    expect(back.data.map((row) => row.propertyId)).toEqual([moved]);
    // A repair of the kept days copies the properties again.
    await t.db.execute(sql`select mow_scheduled_counts_rebuild()`);
    expect(await stopsOf(`marketId=${market}&date=${CREW_TODAY}`)).toEqual(back);
  });

  it('narrows the markers to a search of address, city or zip code, and still counts every stop', async () => {
    const market = await insertMarket(t.db, 'Searched map market');
    const oak = await stop(3121, 1, { marketId: market, serviceAddress: '20 Oak Avenue' });
    await stop(3121, 2, { marketId: market, serviceAddress: '10 Elm Street' });
    await stop(3121, 3, { marketId: market, serviceAddress: '100% Pine_Road' });
    const searched = await stopsOf(`marketId=${market}&date=${CREW_TODAY}&search=${encodeURIComponent(' oAK ')}`);
    expect(searched.data.map((row) => row.propertyId)).toEqual([oak]);
    expect(searched.total).toBe(3);
    // The search is text, not a pattern: % and _ match only themselves.
    expect((await stopsOf(`marketId=${market}&date=${CREW_TODAY}&search=m%25 P`)).data).toHaveLength(0);
    expect((await stopsOf(`marketId=${market}&date=${CREW_TODAY}&search=O_K`)).data).toHaveLength(0);
    expect((await stopsOf(`marketId=${market}&date=${CREW_TODAY}&search=zzz`)).data).toHaveLength(0);
    const [place] = await t.db.select().from(properties).where(eq(properties.id, oak));
    for (const search of [place?.city, place?.zipcode]) {
      const found = await stopsOf(`marketId=${market}&date=${CREW_TODAY}&search=${encodeURIComponent(search ?? '')}`);
      expect(found.data).toHaveLength(3);
    }
  });

  it.each([
    ['a NUL', 'a%00b'],
    ['101 characters', 'a'.repeat(101)],
  ])('answers 400 for a search with %s', async (_case, search) => {
    const url = `/api/market-map/stops?marketId=${marketId}&date=${CREW_TODAY}&search=${search}`;
    expect((await t.app.inject({ url, headers: office })).statusCode).toBe(400);
  });

  it.each([
    ['no market', `date=${CREW_TODAY}`],
    ['a bad date', 'marketId=1&date=2026-02-30'],
    ['a day after 2050', 'marketId=1&date=2051-01-01'],
    ['a crew of 6 digits', `marketId=1&date=${CREW_TODAY}&crew=100000`],
    ['crew 0', `marketId=1&date=${CREW_TODAY}&crew=0`],
  ])('answers 400 for %s', async (_case, query) => {
    const response = await t.app.inject({ url: `/api/market-map/stops?${query}`, headers: office });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown market and 403 to a crew member', async () => {
    const unknown = await t.app.inject({
      url: `/api/market-map/stops?marketId=999999&date=${CREW_TODAY}`,
      headers: office,
    });
    expect(unknown.statusCode).toBe(404);
    const crew = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: 3101 }));
    const refused = await t.app.inject({
      url: `/api/market-map/stops?marketId=${marketId}&date=${CREW_TODAY}`,
      headers: crew,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/market-map/stop-details', () => {
  const detailsOf = (query: string, headers = office) =>
    t.app.inject({ url: `/api/market-map/stop-details?${query}`, headers });

  it('answers who and where the asked stops of the market are, in id order, none of another market', async () => {
    const market = await insertMarket(t.db, 'Details map market');
    const first = await stop(3131, 1, { marketId: market, serviceAddress: '1 First Street' });
    const second = await stop(3131, 2, { marketId: market, serviceAddress: '2 Second Street' });
    const elsewhere = await stop(3131, 1, { marketId: otherMarketId });
    const response = await detailsOf(`marketId=${market}&ids=${second},${elsewhere},${first}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: MapStopDetail[] }>().data;
    expect(data.map((row) => [row.propertyId, row.serviceAddress])).toEqual([
      [first, '1 First Street'],
      [second, '2 Second Street'],
    ]);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, first));
    expect(data[0]).toEqual({
      propertyId: first,
      accountNumber: row?.accountNumber,
      customerName: `${row?.customerFirstName} ${row?.customerLastName}`,
      serviceAddress: '1 First Street',
      city: row?.city,
      zipcode: row?.zipcode,
    });
  });

  it.each([
    ['no ids', `marketId=1`],
    ['an empty list', `marketId=1&ids=`],
    ['a word', `marketId=1&ids=1,a`],
    ['an id out of range', `marketId=1&ids=2147483648`],
    ['101 ids', `marketId=1&ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`],
    ['a NUL', `marketId=1&ids=1%00`],
  ])('answers 400 for %s', async (_case, query) => {
    expect((await detailsOf(query)).statusCode).toBe(400);
  });

  it('answers 403 to a crew member', async () => {
    const crew = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: 3131 }));
    expect((await detailsOf(`marketId=${marketId}&ids=1`, crew)).statusCode).toBe(403);
  });
});

describe('POST /api/market-map/crew', () => {
  it('assigns the selected properties to a crew in one go, with an entry in each history', async () => {
    const first = await stop(3301, 1);
    const second = await stop(null, 2);
    const response = await assign({ action: 'assign', propertyIds: [first, second], crew: '3302' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { changed: 2 } });
    expect([await crewOf(first), await crewOf(second)]).toEqual([3302, 3302]);
    expect(await crewHistoryOf(first)).toEqual([
      { description: 'Crew 3302 assigned on the market map', changes: { crew: { from: 3301, to: 3302 } } },
    ]);
    expect((await crewHistoryOf(second))[0]?.changes).toEqual({ crew: { from: null, to: 3302 } });
  });

  it('unassigns, and leaves a property of another market alone', async () => {
    const mine = await stop(3401, 1);
    const elsewhere = await stop(3401, 1, { marketId: otherMarketId });
    const response = await assign({ action: 'unassign', propertyIds: [mine, elsewhere] });
    expect(response.json()).toEqual({ data: { changed: 1 } });
    expect([await crewOf(mine), await crewOf(elsewhere)]).toEqual([null, 3401]);
    expect((await crewHistoryOf(mine))[0]?.description).toBe('Crew unassigned on the market map');
    expect(await crewHistoryOf(elsewhere)).toEqual([]);
  });

  it('lets two office users assign the same properties at once: both land, the history shows both', async () => {
    const ids = [await stop(3501, 1), await stop(3501, 2), await stop(3501, 3)];
    const [one, two] = await Promise.all([
      assign({ action: 'assign', propertyIds: ids, crew: '3502' }),
      assign({ action: 'assign', propertyIds: [...ids].reverse(), crew: '3503' }, otherOffice),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    const crews = await Promise.all(ids.map(crewOf));
    expect(new Set(crews).size).toBe(1);
    for (const id of ids) {
      const history = await crewHistoryOf(id);
      expect(history.map((entry) => entry.description).sort()).toEqual([
        'Crew 3502 assigned on the market map',
        'Crew 3503 assigned on the market map',
      ]);
      // The later one starts from the crew the earlier one gave, so the history reads as one chain.
      expect(history[1]?.changes).toEqual({
        crew: { from: history[0]?.changes?.['crew']?.to, to: crews[0] },
      });
    }
  });

  it.each([
    ['no crew', { action: 'assign', propertyIds: [1] }, MARKET_MAP_MESSAGES.crewRequired],
    ['letters', { action: 'assign', propertyIds: [1], crew: '12a' }, MARKET_MAP_MESSAGES.crewDigits],
    ['crew 0', { action: 'assign', propertyIds: [1], crew: '0' }, MARKET_MAP_MESSAGES.crewPositive],
    ['6 digits', { action: 'assign', propertyIds: [1], crew: '123456' }, MARKET_MAP_MESSAGES.crewMax],
    ['a number', { action: 'assign', propertyIds: [1], crew: 12 }, MARKET_MAP_MESSAGES.crewDigits],
  ])('answers 400 at the crew for %s', async (_case, body, message) => {
    const response = await assign(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.crew).toEqual([message]);
  });

  it.each([
    ['no selection', { action: 'assign', propertyIds: [], crew: '1' }],
    ['an unknown action', { action: 'move', propertyIds: [1], crew: '1' }],
    ['an id out of range', { action: 'unassign', propertyIds: [2_147_483_648] }],
    ['a NUL in the crew', { action: 'assign', propertyIds: [1], crew: '1\u0000' }],
  ])('answers 400 for %s', async (_case, body) => {
    expect((await assign(body)).statusCode).toBe(400);
  });
});

describe('PUT /api/market-map/route-order', () => {
  const order = (body: Record<string, unknown>, headers = office) =>
    t.app.inject({ method: 'PUT', url: '/api/market-map/route-order', headers, payload: body });

  it('refuses a market without a depot, then orders the crew-day from the depot and back', async () => {
    const market = await insertMarket(t.db, 'Route order market');
    const crew = 3601;
    const far = await stop(crew, 6, { marketId: market, serviceAddress: '1 Alder Street' });
    const near = await stop(crew, 2, { marketId: market, serviceAddress: '2 Birch Street' });
    const middle = await stop(crew, 4, { marketId: market, serviceAddress: '3 Cedar Street' });
    await stop(crew, null, { marketId: market, serviceAddress: '4 Dune Street' });
    const body = { marketId: market, date: CREW_TODAY, crew };

    const noDepot = await order(body);
    expect(noDepot.statusCode).toBe(400);
    expect(noDepot.json<{ message: string }>().message).toBe(MARKET_MAP_MESSAGES.noDepot);

    const setDepot = await t.app.inject({
      method: 'PUT',
      url: `/api/markets/${market}/depot`,
      headers: admin,
      payload: DEPOT,
    });
    expect(setDepot.statusCode, setDepot.body).toBe(200);

    const response = await order(body);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<RouteOrderResponse>().data;
    expect([
      [near, middle, far],
      [far, middle, near],
    ]).toContainEqual(result.propertyIds);
    expect(result.distanceKm).toBeLessThan(result.unorderedDistanceKm);

    const map = await stopsOf(`marketId=${market}&date=${CREW_TODAY}&crew=${crew}`);
    expect(map.depot).toEqual(DEPOT);
    const positions = new Map(map.data.map((row) => [row.propertyId, row.routePosition]));
    expect(result.propertyIds.map((id) => positions.get(id))).toEqual([1, 2, 3]);

    // The crew's day follows the saved order; the stop without a position comes after, by street.
    const member = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: crew }));
    const today = await t.app.inject({ url: '/api/crew/today', headers: member });
    expect(today.json<CrewDay>().data.map((row) => row.serviceAddress)).toEqual([
      ...result.propertyIds.map(
        (id) => ({ [far]: '1 Alder Street', [near]: '2 Birch Street', [middle]: '3 Cedar Street' })[id],
      ),
      '4 Dune Street',
    ]);

    // So does the operations report's route order.
    const report = await t.app.inject({
      url: `/api/reports/operations?filter[year]=2026&filter[week]=16&filter[weekDay]=3&filter[crew]=${crew}`,
      headers: office,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<Page<OperationsReportRow>>().data.map((row) => row.serviceAddress)).toEqual(
      today.json<CrewDay>().data.map((row) => row.serviceAddress),
    );
  });

  it('answers 400 for a crew without placed stops and for out-of-range values', async () => {
    const [market] = await t.db
      .insert(markets)
      .values({
        name: 'Empty route market',
        taxRate: 8.25,
        depotLat: DEPOT.lat,
        depotLng: DEPOT.lng,
        depotAddress: 'Yard',
      })
      .returning({ id: markets.id });
    const empty = await order({ marketId: market?.id, date: CREW_TODAY, crew: 3999 });
    expect(empty.json<{ message: string }>().message).toBe(MARKET_MAP_MESSAGES.noStops);
    expect((await order({ marketId: market?.id, date: CREW_TODAY, crew: 100_000 })).statusCode).toBe(400);
    expect((await order({ marketId: market?.id, date: 'today', crew: 1 })).statusCode).toBe(400);
  });
});

describe('PUT /api/markets/:id/depot', () => {
  it('is for Admin only and keeps coordinates in range', async () => {
    const url = `/api/markets/${marketId}/depot`;
    expect((await t.app.inject({ method: 'PUT', url, headers: office, payload: DEPOT })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { ...DEPOT, lat: 91 } });
    expect(bad.statusCode).toBe(400);
    const nul = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { ...DEPOT, address: 'a\u0000' } });
    expect(nul.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/markets/999999/depot',
      headers: admin,
      payload: DEPOT,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
