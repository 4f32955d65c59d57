import { CUSTOMER_MESSAGES, VISIT_MESSAGES, type CompletedService, type Page } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, properties, visits } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { TEST_JWT_SECRET, useTestContext } from '../../test/test-app';
import { signExternalToken } from '../../tokens/external-token';
import { CREW_TODAY, crewClock, insertStop, photoBytes, sendVisit } from './crew.test-fixtures';

const t = useTestContext({ clock: crewClock });

const CREW = 811;
let marketId: number;
let crew: Record<string, string>;
let customer: Record<string, string>;
let home: number;
let cabin: number;
let stranger: number;

/** A checked-in and checked-out visit of today through the crew's routes. */
async function completeVisit(propertyId: number, note: string): Promise<void> {
  expect((await sendVisit(t, crew, propertyId, 'check-in', { filename: 'before.png' })).statusCode).toBe(201);
  expect((await sendVisit(t, crew, propertyId, 'check-out', { filename: 'after.png', note })).statusCode).toBe(201);
}

async function customerOf(propertyId: number): Promise<number> {
  const [row] = await t.db
    .select({ customerId: properties.customerId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!row) throw new Error(`no property ${propertyId}`);
  return row.customerId;
}

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Web visits market');
  crew = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: CREW }));
  home = await insertStop(t.db, { marketId, crew: CREW });
  const customerId = await customerOf(home);
  cabin = await insertStop(t.db, { marketId, crew: CREW, customerId });
  stranger = await insertStop(t.db, { marketId, crew: CREW });
  const user = await t.createUser({ role: 'customers' });
  await t.db.update(customers).set({ userId: user.id }).where(eq(customers.id, customerId));
  customer = await t.authHeaders(user);
  await completeVisit(home, 'Front and back mowed');
  await completeVisit(stranger, 'Not yours');
  // Eleven earlier weeks' visits of the home, and one checked in only (not completed).
  const at = (workday: string) => new Date(`${workday}T16:00:00Z`);
  const earlier = Array.from({ length: 11 }, (_, index) => {
    const workday = new Date(Date.UTC(2026, 2, 2 + index * 7)).toISOString().slice(0, 10);
    return {
      propertyId: home,
      workday,
      year: 2026,
      week: 5 + index,
      crew: CREW,
      checkedInAt: at(workday),
      checkedOutAt: at(workday),
    };
  });
  await t.db.insert(visits).values(earlier);
  await t.db
    .insert(visits)
    .values({ propertyId: home, workday: '2026-06-03', year: 2026, week: 15, checkedInAt: at('2026-06-03') });
});

const listUrl = (propertyId: number, page?: number) =>
  `/api/web/visits?propertyId=${propertyId}${page === undefined ? '' : `&page=${page}`}`;

async function visitsOf(propertyId: number, page?: number): Promise<Page<CompletedService>> {
  const response = await t.app.inject({ url: listUrl(propertyId, page), headers: customer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<CompletedService>>();
}

const photoUrl = (visit: CompletedService | undefined, index: number) =>
  `/api/web/visits/${visit?.id}/photos/${visit?.photos[index]?.id}`;

describe('GET /api/web/visits', () => {
  it("lists one of the customer's properties' completed visits, newest first, 10 a page, with both photos", async () => {
    const first = await visitsOf(home);
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]).toMatchObject({ workday: CREW_TODAY, note: 'Front and back mowed', crewNumber: CREW });
    expect(first.data[0]?.photos.map((photo) => [photo.kind, photo.filename, photo.contentType])).toEqual([
      ['check-in', 'before.png', 'image/png'],
      ['check-out', 'after.png', 'image/png'],
    ]);
    expect((await visitsOf(home, 2)).data.map((visit) => visit.workday)).toEqual(['2026-03-09', '2026-03-02']);
  });

  it('answers an empty list for another of their own properties with no visit yet', async () => {
    expect(await visitsOf(cabin)).toMatchObject({ total: 0, data: [] });
  });

  it("answers 404 for another customer's property, the same as for a missing one", async () => {
    const other = await t.app.inject({ url: listUrl(stranger), headers: customer });
    const missing = await t.app.inject({ url: listUrl(2_000_000_000), headers: customer });
    expect([other.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(other.json()).toEqual({ message: CUSTOMER_MESSAGES.notFound });
    expect(missing.json()).toEqual(other.json());
  });

  it('answers 400 for a missing or malformed property or page', async () => {
    for (const url of ['/api/web/visits', '/api/web/visits?propertyId=abc', `${listUrl(home)}&page=0`]) {
      expect((await t.app.inject({ url, headers: customer })).statusCode, url).toBe(400);
    }
  });

  it("refuses staff (403), and lets an external token see its own property's visits only", async () => {
    const office = await t.authHeaders(await t.createUser({ role: 'Admin' }));
    expect((await t.app.inject({ url: listUrl(home), headers: office })).statusCode).toBe(403);
    const token = await signExternalToken({ propertyId: home, scopes: ['calendar'] }, TEST_JWT_SECRET);
    const external = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: listUrl(home), headers: external })).statusCode).toBe(200);
    expect((await t.app.inject({ url: listUrl(cabin), headers: external })).statusCode).toBe(404);
  });
});

describe('GET /api/web/visits/{visitId}/photos/{photoId}', () => {
  it("serves a photo of the customer's own visit", async () => {
    const [visit] = (await visitsOf(home)).data;
    const response = await t.app.inject({ url: photoUrl(visit, 1), headers: customer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(photoBytes())).toBe(true);
  });

  it("answers 404 for another customer's photo, and for a photo under another visit", async () => {
    const office = await t.authHeaders(await t.createUser({ role: 'customer-service' }));
    const theirs = await t.app.inject({ url: `/api/customers/${stranger}/completed-services`, headers: office });
    const [strangerVisit] = theirs.json<Page<CompletedService>>().data;
    const response = await t.app.inject({ url: photoUrl(strangerVisit, 0), headers: customer });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: VISIT_MESSAGES.notFound });

    const [ownVisit] = (await visitsOf(home)).data;
    const mixed = `/api/web/visits/${ownVisit?.id}/photos/${strangerVisit?.photos[0]?.id}`;
    expect((await t.app.inject({ url: mixed, headers: customer })).statusCode).toBe(404);
  });

  it('refuses staff (403)', async () => {
    const [visit] = (await visitsOf(home)).data;
    const office = await t.authHeaders(await t.createUser({ role: 'Manager' }));
    expect((await t.app.inject({ url: photoUrl(visit, 0), headers: office })).statusCode).toBe(403);
  });
});
