import type { ServiceNotes } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket } from '../../test/record-fixtures';
import { insertPlannedRecord, scheduleRowCounts, testClock } from './calendar.test-fixtures';

const t = useTestContext({ clock: testClock });

let admin: TestUser;
let manager: TestUser;
let headers: { authorization: string };
let marketId: number;

const url = (id: number) => `/api/customers/${id}/service-notes`;

async function change(id: number, payload: Record<string, unknown>, as = headers) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/attributes`,
    headers: as,
    payload: { year: 2026, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function listNotes(id: number, query = ''): Promise<ServiceNotes> {
  const response = await t.app.inject({ method: 'GET', url: `${url(id)}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ServiceNotes }>().data;
}
async function historyOf(id: number) {
  const result = await t.db.execute<{ action: string; description: string; changes: unknown }>(
    sql`select action, description, changes from customer_history where property_id = ${id} order by id desc`,
  );
  return result.rows;
}

/** A weekly property with two skips (weeks 18 and 17, in that order), a write-in and a redo. */
async function propertyWithNotes(): Promise<number> {
  const id = await insertPlannedRecord(t.db, { marketId });
  await change(id, { status: 'skip', week: 18, message: 'Rain' });
  await change(id, { status: 'skip', week: 17, message: 'Gate locked' }, await t.authHeaders(manager));
  await change(id, { status: 'write', week: 17, date: '2026-06-17', message: 'Front only' });
  await change(id, { status: 'redo', week: 20, date: '2026-07-08' });
  return id;
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  manager = await t.createUser({ role: 'Manager', firstName: 'Zoe', lastName: 'Quinn' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('GET /api/customers/:id/service-notes', () => {
  it('lists the year by type, newest first, with the ordinal, the recorder and the message', async () => {
    const id = await propertyWithNotes();
    const notes = await listNotes(id);
    expect(notes.skips).toMatchObject([
      {
        type: 'skip',
        year: 2026,
        week: 18,
        workday: '2026-06-22',
        count: 2,
        firstName: 'Alex',
        lastName: 'Morgan',
        message: 'Rain',
      },
      {
        type: 'skip',
        week: 17,
        workday: '2026-06-15',
        count: 1,
        firstName: 'Zoe',
        lastName: 'Quinn',
        message: 'Gate locked',
      },
    ]);
    expect(notes.write).toMatchObject([{ week: 17, workday: '2026-06-17', count: 1, message: 'Front only' }]);
    expect(notes.redo).toMatchObject([{ week: 20, workday: '2026-07-08', count: 1, message: '' }]);
    expect(typeof notes.skips[0]?.id).toBe('number');
    expect(Number.isNaN(Date.parse(notes.skips[0]?.createdAt ?? ''))).toBe(false);

    expect(await listNotes(id, '?year=2025')).toEqual({ skips: [], write: [], redo: [] });
  });

  it('answers 404 for a deleted property and 403 for crew', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const crew = await t.createUser({ role: 'crew', crewNumber: 7 });
    const asCrew = await t.app.inject({ method: 'GET', url: url(id), headers: await t.authHeaders(crew) });
    expect(asCrew.statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers });
    const gone = await t.app.inject({ method: 'GET', url: url(id), headers });
    expect(gone.statusCode).toBe(404);
  });
});

describe('PATCH /api/customers/:id/service-notes', () => {
  it("changes a note's message, with history, and answers the year's lists", async () => {
    const id = await propertyWithNotes();
    const response = await t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 18, message: 'Heavy rain' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: ServiceNotes }>();
    expect(body.message).toBe('Service note updated');
    expect(body.data.skips[0]).toMatchObject({ week: 18, message: 'Heavy rain' });
    expect((await historyOf(id))[0]).toEqual({
      action: 'schedule',
      description: 'Skip of week 18 of 2026 (2026-06-22): message changed from "Rain" to "Heavy rain"',
      changes: { 'skip.message': { from: 'Rain', to: 'Heavy rain' } },
    });
    // The calendar shows the new reason.
    const calendar = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/calendar`, headers });
    const week = calendar
      .json<{ data: { data: { week: number; customer: { message: string | null } }[] } }>()
      .data.data.find((item) => item.week === 18);
    expect(week?.customer.message).toBe('Heavy rain');
  });

  it('lets a write-in lose its message but never a skip its reason; 404 for a missing note', async () => {
    const id = await propertyWithNotes();
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers,
      payload: { type: 'write', year: 2026, week: 17, message: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ data: ServiceNotes }>().data.write[0]?.message).toBe('');

    const before = await scheduleRowCounts(t.db, id);
    const emptySkip = await t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 18, message: '  ' },
    });
    expect(emptySkip.statusCode).toBe(400);
    expect(emptySkip.json()).toEqual({ message: 'Field is required', errors: { message: ['Field is required'] } });
    const long = await t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 18, message: 'x'.repeat(201) },
    });
    expect(long.json().errors).toEqual({ message: ['Max. 200 characters'] });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: url(id),
      headers,
      payload: { type: 'redo', year: 2026, week: 30, message: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Service note not found' });
    expect(await scheduleRowCounts(t.db, id)).toEqual(before);
  });
});

describe('DELETE /api/customers/:id/service-notes', () => {
  it('deletes one note, keeping its message in the history', async () => {
    const id = await propertyWithNotes();
    const response = await t.app.inject({
      method: 'DELETE',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 17 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Service Successfully deleted' });
    const notes = await listNotes(id);
    expect(notes.skips.map((note) => [note.week, note.count])).toEqual([[18, 1]]);
    expect(notes.write).toHaveLength(1);
    expect((await historyOf(id))[0]).toEqual({
      action: 'schedule',
      description: 'Deleted Skip of week 17 of 2026 (2026-06-15): Gate locked',
      changes: { skip: { from: { year: 2026, week: 17, workday: '2026-06-15', message: 'Gate locked' }, to: null } },
    });
    const skips = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/skipsCount?year=2026`, headers });
    expect(skips.json()).toEqual({ data: { year: 2026, count: 1 } });

    const again = await t.app.inject({
      method: 'DELETE',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 17 },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Service note not found' });
  });

  it('rejects a malformed body and writes nothing', async () => {
    const id = await propertyWithNotes();
    const before = await scheduleRowCounts(t.db, id);
    const response = await t.app.inject({
      method: 'DELETE',
      url: url(id),
      headers,
      payload: { type: 'skip', year: 2026, week: 60 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ week: ['Enter a week from 1 to 53'] });
    expect(await scheduleRowCounts(t.db, id)).toEqual(before);
  });
});
