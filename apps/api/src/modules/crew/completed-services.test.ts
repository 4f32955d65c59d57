import type { CompletedService, Page } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema';
import { insertMarket } from '../../test/record-fixtures';
import { TEST_JWT_SECRET, useTestContext } from '../../test/test-app';
import { signExternalToken } from '../../tokens/external-token';
import { CREW_TODAY, crewClock, insertStop, photoBytes, sendVisit } from './crew.test-fixtures';

const t = useTestContext({ clock: crewClock });

const CREW = 801;
let marketId: number;
let office: Record<string, string>;
let crew: Record<string, string>;

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Completed services market');
  office = await t.authHeaders(await t.createUser({ role: 'customer-service' }));
  crew = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: CREW }));
});

/** A stop checked in and out today through the crew's routes; answers the property id. */
async function completedStop(note: string): Promise<number> {
  const propertyId = await insertStop(t.db, { marketId, crew: CREW });
  expect((await sendVisit(t, crew, propertyId, 'check-in', { filename: 'before.png' })).statusCode).toBe(201);
  expect((await sendVisit(t, crew, propertyId, 'check-out', { filename: 'after.png', note })).statusCode).toBe(201);
  return propertyId;
}

async function completedServices(propertyId: number, page = 1): Promise<Page<CompletedService>> {
  const response = await t.app.inject({
    url: `/api/customers/${propertyId}/completed-services?page=${page}`,
    headers: office,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<CompletedService>>();
}

const externalHeaders = async (propertyId: number) => ({
  authorization: `Bearer ${await signExternalToken({ propertyId, scopes: ['calendar'] }, TEST_JWT_SECRET)}`,
});

describe('GET /api/customers/{id}/completed-services', () => {
  it('lists the visits checked out of, newest first, 10 a page, with both photos', async () => {
    const propertyId = await completedStop('Mowed and edged');
    // Eleven earlier weeks' visits, and one checked in only (not completed).
    const earlier = Array.from({ length: 11 }, (_, index) => {
      const workday = new Date(Date.UTC(2026, 2, 2 + index * 7)).toISOString().slice(0, 10);
      const at = new Date(`${workday}T16:00:00Z`);
      return { propertyId, workday, year: 2026, week: 5 + index, crew: CREW, checkedInAt: at, checkedOutAt: at };
    });
    await t.db.insert(visits).values(earlier);
    await t.db
      .insert(visits)
      .values({ propertyId, workday: '2026-06-03', year: 2026, week: 15, checkedInAt: new Date('2026-06-03') });

    const first = await completedServices(propertyId);
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    const [newest] = first.data;
    expect(newest).toMatchObject({
      workday: CREW_TODAY,
      crewNumber: CREW,
      note: 'Mowed and edged',
      checkedOutAt: '2026-06-10T15:00:00.000Z',
    });
    expect(newest?.photos.map((photo) => [photo.kind, photo.filename, photo.contentType])).toEqual([
      ['check-in', 'before.png', 'image/png'],
      ['check-out', 'after.png', 'image/png'],
    ]);
    const second = await completedServices(propertyId, 2);
    expect(second.data.map((row) => row.workday)).toEqual(['2026-03-09', '2026-03-02']);
  });

  it('serves a photo to the office, and not under another record', async () => {
    const propertyId = await completedStop('');
    const other = await insertStop(t.db, { marketId, crew: CREW + 1 });
    const [visit] = (await completedServices(propertyId)).data;
    const photo = visit?.photos[0];
    const url = (id: number) => `/api/customers/${id}/completed-services/${visit?.id}/photos/${photo?.id}`;

    const response = await t.app.inject({ url: url(propertyId), headers: office });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(photoBytes())).toBe(true);
    expect((await t.app.inject({ url: url(other), headers: office })).statusCode).toBe(404);
  });
});

describe('proof of service for the customer', () => {
  it("shows the year's completed visits on the external calendar, and serves their photos", async () => {
    const propertyId = await completedStop('All done');
    const headers = await externalHeaders(propertyId);
    const calendar = await t.app.inject({ url: '/api/external/calendar?year=2026', headers });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const [visit] = calendar.json<{ visits: CompletedService[] }>().visits;
    expect(visit).toMatchObject({ workday: CREW_TODAY, note: 'All done' });

    const photo = await t.app.inject({
      url: `/api/external/visits/${visit?.id}/photos/${visit?.photos[1]?.id}`,
      headers,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it("answers 404 for another property's photo", async () => {
    const propertyId = await completedStop('Mine');
    const [visit] = (await completedServices(propertyId)).data;
    const stranger = await insertStop(t.db, { marketId, crew: CREW + 2 });
    const response = await t.app.inject({
      url: `/api/external/visits/${visit?.id}/photos/${visit?.photos[0]?.id}`,
      headers: await externalHeaders(stranger),
    });
    expect(response.statusCode).toBe(404);
    const calendar = await t.app.inject({
      url: '/api/external/calendar?year=2026',
      headers: await externalHeaders(stranger),
    });
    expect(calendar.json<{ visits: CompletedService[] }>().visits).toEqual([]);
  });
});
