import { randomUUID } from 'node:crypto';
import { NOTE_TYPE, VISIT_MESSAGES, type CrewDay, type VisitActionResponse } from '@lawn/shared';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, notes, propertyAnswers, storedFiles, visitPhotos, visits } from '../../db/schema';
import { multipartBody } from '../../test/multipart-body';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';
import { CREW_TODAY, crewClock, insertStop, sendVisit } from './crew.test-fixtures';

const t = useTestContext({ clock: crewClock });

const CREW = 701;
let marketId: number;
let crewMember: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Crew market');
  crewMember = await t.createUser({ role: 'crew', crewNumber: CREW, firstName: 'Cruz', lastName: 'Mower' });
  headers = await t.authHeaders(crewMember);
});

async function today(as: Record<string, string> = headers): Promise<CrewDay> {
  const response = await t.app.inject({ url: '/api/crew/today', headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CrewDay>();
}

const storedPhotos = async (propertyId: number) =>
  (
    await t.db
      .select()
      .from(storedFiles)
      .where(like(storedFiles.key, `visits/${propertyId}/%`))
  ).length;

describe('GET /api/crew/today', () => {
  it("lists today's stops of the crew member's crew in route order, with codes, hazards and requests", async () => {
    const crew = 702;
    const member = await t.createUser({ role: 'crew', crewNumber: crew });
    const oak = await insertStop(t.db, { marketId, crew, property: { serviceAddress: '20 Oak Street' } });
    const elmFar = await insertStop(t.db, {
      marketId,
      crew,
      property: { serviceAddress: '300 Elm Street', gateCode: '1234', communityCode: '#77' },
    });
    const elmNear = await insertStop(t.db, { marketId, crew, property: { serviceAddress: '9 Elm Street' } });
    await t.db.insert(propertyAnswers).values({
      propertyId: elmFar,
      grassOvergrown: false,
      isCommunityGate: true,
      isBackyardGate: false,
      isFlowerBeds: false,
      isPetsBackyard: true,
      petsMowAround: 'yes_knock',
      isFencePlastic: false,
      isAboveGroundPool: true,
      isTrampoline: false,
    });
    await t.db.insert(notes).values({
      propertyId: elmFar,
      typeId: NOTE_TYPE.specialRequest,
      serviceDate: CREW_TODAY,
      serviceHour: '09:00',
      description: 'Leave the side gate open',
    });
    // Not today's: another crew's stop, a stop of another day, and a stop whose week was skipped.
    await insertStop(t.db, { marketId, crew: crew + 1 });
    await insertStop(t.db, { marketId, crew, workdays: ['2026-06-17'] });
    const skipped = await insertStop(t.db, { marketId, crew });
    await t.db.execute(
      `insert into service_notes (property_id, year, week, type, workday) values (${skipped}, 2026, 16, 'skip', '${CREW_TODAY}')`,
    );

    const day = await today(await t.authHeaders(member));

    expect(day.workday).toBe(CREW_TODAY);
    expect(day.crewNumber).toBe(crew);
    expect(day.data.map((stop) => stop.propertyId)).toEqual([elmNear, elmFar, oak]);
    const far = day.data[1];
    expect(far).toMatchObject({
      gateCode: '1234',
      communityCode: '#77',
      specialRequests: ['Leave the side gate open'],
      state: 'pending',
    });
    expect(far?.hazards).toEqual(
      expect.arrayContaining(['Community gate', 'Pets in the backyard', 'Above-ground pool']),
    );
    expect(far?.hazards).toContain('Mow around the pets: Yes, knock on the front door first');
  });

  it('includes a write-in moved to today', async () => {
    const crew = 710;
    const member = await t.createUser({ role: 'crew', crewNumber: crew });
    const moved = await insertStop(t.db, { marketId, crew, workdays: ['2026-06-09'] });
    await t.db.execute(
      `insert into service_notes (property_id, year, week, type, workday) values (${moved}, 2026, 16, 'write', '${CREW_TODAY}')`,
    );
    expect((await today(await t.authHeaders(member))).data.map((stop) => stop.propertyId)).toEqual([moved]);
  });

  it.each(['Admin', 'Manager', 'Representative', 'customer-service', 'customers'] as const)(
    'refuses %s (403)',
    async (role) => {
      const user = await t.createUser({ role });
      const response = await t.app.inject({ url: '/api/crew/today', headers: await t.authHeaders(user) });
      expect(response.statusCode).toBe(403);
    },
  );

  it('gives a crew member no customer list (403)', async () => {
    const response = await t.app.inject({ url: '/api/customers', headers });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a crew user without a crew number (403)', async () => {
    const user = await t.createUser({ role: 'crew', crewNumber: null });
    const response = await t.app.inject({ url: '/api/crew/today', headers: await t.authHeaders(user) });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(VISIT_MESSAGES.notCrew);
  });
});

describe('check-in and check-out', () => {
  it('checks a stop in and out at the server time, keeps both photos and the note, and writes the history', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW });

    const checkIn = await sendVisit(t, headers, propertyId, 'check-in', { filename: 'arrival.png' });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    expect(checkIn.json<VisitActionResponse>()).toMatchObject({
      message: VISIT_MESSAGES.checkedIn,
      data: { propertyId, state: 'checked-in', checkedInAt: '2026-06-10T15:00:00.000Z', checkedOutAt: null },
    });
    const checkOut = await sendVisit(t, headers, propertyId, 'check-out', { note: 'Dog was out, mowed front only' });
    expect(checkOut.statusCode, checkOut.body).toBe(201);
    expect(checkOut.json<VisitActionResponse>().data.state).toBe('checked-out');

    const [visit] = await t.db.select().from(visits).where(eq(visits.propertyId, propertyId));
    expect(visit).toMatchObject({
      workday: CREW_TODAY,
      year: 2026,
      week: 16,
      crew: CREW,
      checkedInBy: crewMember.id,
      checkedOutBy: crewMember.id,
      checkOutNote: 'Dog was out, mowed front only',
    });
    const photos = await t.db
      .select()
      .from(visitPhotos)
      .where(eq(visitPhotos.visitId, visit?.id ?? 0));
    expect(photos.map((photo) => [photo.kind, photo.filename, photo.contentType]).sort()).toEqual([
      ['check-in', 'arrival.png', 'image/png'],
      ['check-out', 'yard.png', 'image/png'],
    ]);
    expect(await storedPhotos(propertyId)).toBe(2);
    const history = await t.db
      .select()
      .from(customerHistory)
      .where(and(eq(customerHistory.propertyId, propertyId), eq(customerHistory.action, 'visit')));
    expect(history.map((entry) => entry.description).sort()).toEqual([
      `Check-in by crew ${CREW} (Cruz Mower) on ${CREW_TODAY}, photo arrival.png`,
      `Check-out by crew ${CREW} (Cruz Mower) on ${CREW_TODAY}, photo yard.png: Dog was out, mowed front only`,
    ]);
    expect(history.every((entry) => entry.userId === crewMember.id)).toBe(true);
  });

  it('answers 409 for a second check-in, a check-out before check-in and a second check-out', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW });
    const early = await sendVisit(t, headers, propertyId, 'check-out');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(VISIT_MESSAGES.notCheckedIn);

    expect((await sendVisit(t, headers, propertyId, 'check-in')).statusCode).toBe(201);
    const twice = await sendVisit(t, headers, propertyId, 'check-in');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(VISIT_MESSAGES.alreadyCheckedIn);

    expect((await sendVisit(t, headers, propertyId, 'check-out')).statusCode).toBe(201);
    const again = await sendVisit(t, headers, propertyId, 'check-out');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(VISIT_MESSAGES.alreadyCheckedOut);
    expect(await storedPhotos(propertyId)).toBe(2);
  });

  it("answers 409 for a stop not on the crew's route today: another crew's, or another day's", async () => {
    const otherCrew = await insertStop(t.db, { marketId, crew: CREW + 50 });
    const otherDay = await insertStop(t.db, { marketId, crew: CREW, workdays: ['2026-06-11'] });
    for (const propertyId of [otherCrew, otherDay]) {
      const response = await sendVisit(t, headers, propertyId, 'check-in');
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(VISIT_MESSAGES.notOnRoute);
      expect(await t.db.select().from(visits).where(eq(visits.propertyId, propertyId))).toEqual([]);
    }
  });

  it('refuses a photo that is not an image (400) and keeps nothing of it', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW });
    const response = await sendVisit(t, headers, propertyId, 'check-in', {
      photo: Buffer.from('%PDF-1.7 not a photo at all'),
      filename: 'fake.png',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      photo: [VISIT_MESSAGES.photoWrongType],
    });
    expect(await storedPhotos(propertyId)).toBe(0);
    expect(await t.db.select().from(visits).where(eq(visits.propertyId, propertyId))).toEqual([]);
  });

  it('requires a photo and a note of at most 500 characters (400)', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW });
    const body = multipartBody([], { note: 'no photo' });
    const noPhoto = await t.app.inject({
      method: 'POST',
      url: `/api/crew/stops/${propertyId}/check-in`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json<{ message: string }>().message).toBe(VISIT_MESSAGES.photoRequired);

    expect((await sendVisit(t, headers, propertyId, 'check-in')).statusCode).toBe(201);
    const longNote = await sendVisit(t, headers, propertyId, 'check-out', { note: 'a'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(Object.keys(longNote.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['note']);
    expect(await storedPhotos(propertyId)).toBe(1);
  });

  it('records a retry with the same Idempotency-Key once and answers the first answer', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW });
    const keyed = { ...headers, 'idempotency-key': randomUUID() };
    const first = await sendVisit(t, keyed, propertyId, 'check-in');
    const retry = await sendVisit(t, keyed, propertyId, 'check-in');
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await storedPhotos(propertyId)).toBe(1);
    const history = await t.db
      .select()
      .from(customerHistory)
      .where(and(eq(customerHistory.propertyId, propertyId), eq(customerHistory.action, 'visit')));
    expect(history).toHaveLength(1);
  });

  it('records an action an offline phone sends late on the day it was taken, up to six days back', async () => {
    const propertyId = await insertStop(t.db, { marketId, crew: CREW, workdays: ['2026-06-09'] });
    const late = await sendVisit(t, headers, propertyId, 'check-in', { workday: '2026-06-09' });
    expect(late.statusCode, late.body).toBe(201);
    const [visit] = await t.db.select().from(visits).where(eq(visits.propertyId, propertyId));
    expect(visit).toMatchObject({ workday: '2026-06-09', week: 16, checkedInAt: new Date('2026-06-10T15:00:00Z') });

    for (const workday of ['2026-06-03', '2026-06-11', 'yesterday']) {
      const refused = await sendVisit(t, headers, propertyId, 'check-out', { workday });
      expect(refused.statusCode, workday).toBe(400);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        workday: [VISIT_MESSAGES.workdayOutOfRange],
      });
    }
    expect(await storedPhotos(propertyId)).toBe(1);
  });
});
