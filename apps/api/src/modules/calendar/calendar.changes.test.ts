import { SERVICE_COLORS, type Calendar } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket } from '../../test/record-fixtures';
import {
  activeWeeks,
  insertPlannedRecord,
  scheduleRowCounts,
  testClock,
  weekOfCalendar,
} from './calendar.test-fixtures';

/** Today is Wednesday 2026-06-10, week 16 of mow year 2026; week 17 is Jun 15-21 (write-ins up to Jun 28). */
const t = useTestContext({ clock: testClock });

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

type ChangeAnswer = { message: string; data: Calendar };

function change(id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/customers/${id}/attributes`, headers, payload });
}
async function changeOk(id: number, payload: Record<string, unknown>): Promise<ChangeAnswer> {
  const response = await change(id, { year: 2026, ...payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChangeAnswer>();
}
/** A weekly Monday property planned for 2026 (served weeks 2-41), joined in 2025. */
const newProperty = () => insertPlannedRecord(t.db, { marketId, property: { joinDate: '2025-04-01' } });

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('PATCH /api/customers/:id/attributes: changes', () => {
  it('skips a week with its reason: a note on the service day, history, last editor', async () => {
    const id = await newProperty();
    const answer = await changeOk(id, { status: 'skip', week: 17, message: '  Rain  ' });
    expect(answer.message).toBe('Service skipped');
    expect(answer.data.year).toBe(2026);
    expect(weekOfCalendar(answer.data, 17).customer).toEqual({
      active: true,
      color: SERVICE_COLORS.skip,
      workday: '2026-06-15',
      message: 'Rain',
      typeServiceNote: 'skip',
      isRegularService: true,
    });
    const notes = await t.db.execute(
      sql`select type, week, workday::text as workday, message, user_id from service_notes where property_id = ${id}`,
    );
    expect(notes.rows).toEqual([{ type: 'skip', week: 17, workday: '2026-06-15', message: 'Rain', user_id: admin.id }]);
    const history = await t.db.execute<{ action: string; description: string; user_id: number }>(
      sql`select action, description, user_id from customer_history where property_id = ${id}`,
    );
    expect(history.rows).toEqual([
      { action: 'schedule', description: 'Skipped: Rain (week 17 of 2026, 2026-06-15)', user_id: admin.id },
    ]);
    const edited = await t.db.execute(sql`select last_edited_by from properties where id = ${id}`);
    expect(edited.rows[0]).toEqual({ last_edited_by: admin.id });
  });

  it('writes in and redoes on their own dates; the redo shows over the write-in', async () => {
    const id = await newProperty();
    const written = await changeOk(id, { status: 'write', week: 17, date: '2026-06-24', message: 'Back yard' });
    expect(written.message).toBe('Write in saved');
    expect(weekOfCalendar(written.data, 17).customer).toMatchObject({
      workday: '2026-06-24',
      message: 'Back yard',
      typeServiceNote: 'write',
      color: SERVICE_COLORS.write,
    });
    const redone = await changeOk(id, { status: 'redo', week: 17, date: '2026-06-16' });
    expect(redone.message).toBe('Redo saved');
    expect(weekOfCalendar(redone.data, 17).customer).toMatchObject({
      workday: '2026-06-16',
      message: '',
      typeServiceNote: 'redo',
      color: SERVICE_COLORS.redo,
    });
    expect(await scheduleRowCounts(t.db, id)).toMatchObject({ notes: 2, overrides: 0, history: 2 });
  });

  it('creates a service on an inactive week, also a past one, and removes it again', async () => {
    const id = await newProperty();
    const created = await changeOk(id, { status: 'created', week: 1 });
    expect(created.message).toBe('Service created');
    expect(weekOfCalendar(created.data, 1).customer).toMatchObject({
      active: true,
      workday: '2026-02-23',
      color: SERVICE_COLORS.service,
      isRegularService: false,
    });
    expect(activeWeeks(created.data)).toHaveLength(41);
    const override = await t.db.execute(
      sql`select kind, workday::text as workday from property_week_overrides where property_id = ${id}`,
    );
    expect(override.rows).toEqual([{ kind: 'added', workday: '2026-02-23' }]);

    const removed = await changeOk(id, { status: 'removed', week: 1 });
    expect(removed.message).toBe('Service removed');
    expect(weekOfCalendar(removed.data, 1).customer.active).toBe(false);
    expect(await scheduleRowCounts(t.db, id)).toMatchObject({ overrides: 0, history: 2 });
  });

  it('removes a planned week and takes the removal back on the planned day', async () => {
    const id = await newProperty();
    const removed = await changeOk(id, { status: 'removed', week: 20 });
    expect(activeWeeks(removed.data)).not.toContain(20);
    const override = await t.db.execute(sql`select kind from property_week_overrides where property_id = ${id}`);
    expect(override.rows).toEqual([{ kind: 'removed' }]);

    const back = await changeOk(id, { status: 'created', week: 20 });
    expect(weekOfCalendar(back.data, 20).customer).toMatchObject({
      active: true,
      workday: '2026-07-06',
      isRegularService: true,
    });
    expect(await scheduleRowCounts(t.db, id)).toMatchObject({ overrides: 0, history: 2 });
    const history = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/history`, headers });
    expect(history.json<{ data: { description: string }[] }>().data.map((row) => row.description)).toEqual([
      'Service added on week 20 of 2026 (2026-07-06)',
      'Service removed on week 20 of 2026 (2026-07-06)',
    ]);
  });

  it('keeps hand changes through a re-plan of the property', async () => {
    const id = await newProperty();
    await changeOk(id, { status: 'removed', week: 20 });
    await changeOk(id, { status: 'created', week: 42 });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}`,
      headers,
      payload: { weekDay: 2 },
    });
    expect(patched.statusCode).toBe(200);
    const calendar = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/calendar`, headers });
    const weeks = activeWeeks(calendar.json<{ data: Calendar }>().data);
    expect(weeks).not.toContain(20);
    expect(weeks).toContain(42);
  });
});

describe('PATCH /api/customers/:id/attributes: rejections write nothing', () => {
  let id: number;
  beforeAll(async () => {
    id = await newProperty();
    await changeOk(id, { status: 'skip', week: 18, message: 'Rain' });
    await changeOk(id, { status: 'write', week: 19, date: '2026-06-30' });
    await changeOk(id, { status: 'redo', week: 21, date: '2026-07-14' });
  });

  it.each([
    ['a skip without reason', { status: 'skip', week: 17 }, 'Field is required', { message: ['Field is required'] }],
    ['a blank skip reason', { status: 'skip', week: 17, message: '   ' }, 'Field is required', undefined],
    [
      'a reason over 200 characters',
      { status: 'skip', week: 17, message: 'x'.repeat(201) },
      'The given data was invalid.',
      { message: ['Max. 200 characters'] },
    ],
    ['a write-in without date', { status: 'write', week: 17 }, 'Date is required', { date: ['Date is required'] }],
    [
      'a write-in on a weekend',
      { status: 'write', week: 17, date: '2026-06-20' },
      'Weekends cannot be chosen',
      { date: ['Weekends cannot be chosen'] },
    ],
    [
      'a write-in after week end + 7 days',
      { status: 'write', week: 17, date: '2026-06-29' },
      'Choose a date from 06/15/2026 to 06/28/2026',
      undefined,
    ],
    [
      'a write-in before the week start',
      { status: 'write', week: 17, date: '2026-06-12' },
      'Choose a date from 06/15/2026 to 06/28/2026',
      undefined,
    ],
    [
      'a redo in the past',
      { status: 'redo', week: 16, date: '2026-06-09' },
      'Date cannot be in the past',
      { date: ['Date cannot be in the past'] },
    ],
    [
      'week 54',
      { status: 'skip', week: 54, message: 'Rain' },
      'The given data was invalid.',
      { week: ['Enter a week from 1 to 53'] },
    ],
    [
      'week 53 in a 52-week year',
      { status: 'skip', week: 53, message: 'Rain' },
      'Week 53 is not in 2026',
      { week: ['Week 53 is not in 2026'] },
    ],
    [
      'a year the calendar does not offer',
      { status: 'skip', year: 2024, week: 17, message: 'Rain' },
      'Choose one of the years offered',
      { year: ['Choose one of the years offered'] },
    ],
    [
      'a year after next year',
      { status: 'created', year: 2028, week: 17 },
      'Choose one of the years offered',
      undefined,
    ],
    [
      'a year outside 2020-2040',
      { status: 'created', year: 2041, week: 17 },
      'The given data was invalid.',
      { year: ['Choose a year from 2020 to 2040'] },
    ],
    [
      'created on an active week',
      { status: 'created', week: 17 },
      'This week already has a service',
      { week: ['This week already has a service'] },
    ],
    [
      'a skip on an inactive week',
      { status: 'skip', week: 1, message: 'Rain' },
      'This week has no service',
      { week: ['This week has no service'] },
    ],
    ['removed on an inactive week', { status: 'removed', week: 43 }, 'This week has no service', undefined],
    [
      'a second skip in a week',
      { status: 'skip', week: 18, message: 'Again' },
      'This week is already skipped',
      { week: ['This week is already skipped'] },
    ],
    [
      'a second write-in in a week',
      { status: 'write', week: 19, date: '2026-07-01' },
      'This week already has a write-in',
      undefined,
    ],
    [
      'a second redo in a week',
      { status: 'redo', week: 21, date: '2026-07-15' },
      'This week already has a redo',
      undefined,
    ],
    [
      'removing a week that has a skip',
      { status: 'removed', week: 18 },
      'Delete the skip, write-in and redo of this week first',
      undefined,
    ],
    [
      'an unknown field',
      { status: 'skip', week: 17, message: 'Rain', crew: 4 },
      'The given data was invalid.',
      { crew: ['Unknown field: crew'] },
    ],
    ['an unknown change', { status: 'moved', week: 17 }, 'The given data was invalid.', undefined],
  ] as const)('rejects %s', async (_name, payload, message, errors) => {
    const before = await scheduleRowCounts(t.db, id);
    const response = await change(id, { year: 2026, ...payload });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ message: string; errors?: Record<string, string[]> }>();
    expect(body.message).toBe(message);
    if (errors) expect(body.errors).toEqual(errors);
    expect(await scheduleRowCounts(t.db, id)).toEqual(before);
  });

  it('answers 404 for a deleted property and 403 for crew, writing nothing', async () => {
    const crew = await t.createUser({ role: 'crew', crewNumber: 101 });
    const asCrew = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${id}/attributes`,
      headers: await t.authHeaders(crew),
      payload: { status: 'skip', year: 2026, week: 17, message: 'Rain' },
    });
    expect(asCrew.statusCode).toBe(403);
    const gone = await newProperty();
    await t.app.inject({ method: 'DELETE', url: `/api/customers/${gone}`, headers });
    const before = await scheduleRowCounts(t.db, gone);
    const response = await change(gone, { status: 'created', year: 2026, week: 1 });
    expect(response.statusCode).toBe(404);
    expect(await scheduleRowCounts(t.db, gone)).toEqual(before);
  });
});
