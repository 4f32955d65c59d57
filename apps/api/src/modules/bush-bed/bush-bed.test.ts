import {
  BUSH_BED_COLORS,
  BUSH_BED_MESSAGES,
  BUSH_BED_STATUS,
  type BushBedCalendar,
  type BushBedService,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRecordEditing } from '../customers/customers.test-fixtures';

const editing = useRecordEditing();
const { t } = editing;

const YEAR = 2027;
const valid = {
  year: YEAR,
  weekNumber: 12,
  crew: 4,
  weekDay: 1,
  status: BUSH_BED_STATUS.yes,
  instruction: 'Trim the hedges',
};

const add = (id: number, payload: Record<string, unknown>, headers = editing.headers, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customers/${id}/bush-bed`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const edit = (id: number, serviceId: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/bush-bed/${serviceId}`,
    headers: editing.headers,
    payload,
  });

async function list(id: number): Promise<BushBedService[]> {
  const response = await t.app.inject({ url: `/api/customers/${id}/bush-bed`, headers: editing.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BushBedService[] }>().data;
}

describe('bush-and-bed services', () => {
  it('books a service, lists it, reads it and records it in the history', async () => {
    const { id } = await editing.insertRecord();
    const response = await add(id, valid);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ message: string; data: BushBedService }>();
    expect(created.message).toBe(BUSH_BED_MESSAGES.created);
    expect(created.data).toMatchObject({
      customerAttributeId: id,
      year: YEAR,
      weekNumber: 12,
      crew: 4,
      weekDay: 1,
      weekDayName: 'Monday',
      status: 2,
      statusName: 'Yes',
      instruction: 'Trim the hedges',
      version: 1,
    });
    expect(await list(id)).toEqual([created.data]);
    const one = await t.app.inject({
      url: `/api/customers/${id}/bush-bed/${created.data.id}`,
      headers: editing.headers,
    });
    expect(one.json().data).toEqual(created.data);
    const history = await editing.historyOf(id);
    expect(history.at(-1)).toMatchObject({
      action: 'bush-bed',
      description: 'Added bush-and-bed service week 12 of 2027, crew 4 on Monday, Yes: Trim the hedges',
    });
  });

  it("answers 'Required' for each missing field of the modal; the instruction may be empty", async () => {
    const { id } = await editing.insertRecord();
    const response = await add(id, { year: YEAR, instruction: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      weekNumber: ['Required'],
      crew: ['Required'],
      weekDay: ['Required'],
      status: ['Required'],
    });
    const unknownStatus = await add(id, { ...valid, status: 4 });
    expect(unknownStatus.json().errors).toEqual({ status: ['Required'] });
    const badText = await add(id, { ...valid, instruction: 'a\u0000b' });
    expect(badText.statusCode).toBe(400);
    expect((await add(id, { ...valid, instruction: '' })).statusCode).toBe(201);
  });

  it('refuses a week outside the year and a second service on the same week', async () => {
    const { id } = await editing.insertRecord();
    expect((await add(id, { ...valid, weekNumber: 54 })).json().errors).toEqual({
      weekNumber: ['Enter a week from 1 to 53'],
    });
    expect((await add(id, valid)).statusCode).toBe(201);
    const again = await add(id, { ...valid, crew: 9 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BUSH_BED_MESSAGES.weekTaken);
    expect(await list(id)).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, booking once', async () => {
    const { id } = await editing.insertRecord();
    const first = await add(id, valid, editing.headers, 'bb-retry-1');
    const retry = await add(id, valid, editing.headers, 'bb-retry-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(await list(id)).toHaveLength(1);
  });

  it('edits from the version read, records the change, and refuses a stale version with 409', async () => {
    const { id } = await editing.insertRecord();
    const created = (await add(id, valid)).json<{ data: BushBedService }>().data;
    const changed = await edit(id, created.id, { ...valid, status: BUSH_BED_STATUS.cancelled, version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 3, statusName: 'Cancelled', version: 2 });
    expect((await editing.historyOf(id)).at(-1)?.description).toBe(
      'Changed bush-and-bed service week 12 of 2027, crew 4 on Monday, Yes: Trim the hedges to ' +
        'week 12 of 2027, crew 4 on Monday, Cancelled: Trim the hedges',
    );
    const stale = await edit(id, created.id, { ...valid, crew: 7, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BUSH_BED_MESSAGES.stale);
    expect((await list(id))[0]).toMatchObject({ crew: 4, status: 3 });
    const other = await editing.insertRecord();
    expect((await edit(other.id, created.id, { ...valid, version: 2 })).statusCode).toBe(404);
  });

  it("shows the year's services on the bush-and-bed calendar, coloured by status", async () => {
    const { id } = await editing.insertRecord();
    const created = (await add(id, valid)).json<{ data: BushBedService }>().data;
    const response = await t.app.inject({
      url: `/api/customers/${id}/bbCalendar?year=${YEAR}`,
      headers: editing.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const calendar = response.json<{ data: BushBedCalendar }>().data;
    expect(calendar.year).toBe(YEAR);
    const week12 = calendar.data.find((week) => week.week === 12);
    expect(week12).toMatchObject({
      bbId: created.id,
      bbStatus: 2,
      color: BUSH_BED_COLORS[2],
      selectWeek: 12,
      selectYear: YEAR,
    });
    expect(calendar.data.filter((week) => week.bbId !== null)).toHaveLength(1);
  });

  describe('who may call', () => {
    let crewHeaders: { authorization: string };
    let customerHeaders: { authorization: string };
    beforeAll(async () => {
      crewHeaders = await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: 4 }));
      customerHeaders = await t.authHeaders(await t.createUser({ role: 'customers' }));
    });

    it('refuses crews and customers, and answers 404 for a deleted or unknown record', async () => {
      const { id } = await editing.insertRecord();
      for (const headers of [crewHeaders, customerHeaders]) {
        expect((await add(id, valid, headers)).statusCode).toBe(403);
        expect((await t.app.inject({ url: `/api/customers/${id}/bush-bed`, headers })).statusCode).toBe(403);
        expect((await t.app.inject({ url: `/api/customers/${id}/bbCalendar`, headers })).statusCode).toBe(403);
      }
      expect((await add(2_000_000_000, valid)).statusCode).toBe(404);
    });
  });
});
