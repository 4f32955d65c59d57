import { TODO_MESSAGES, VALIDATION_MESSAGES, type Calendar, type Todo } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signExternalToken } from '../../tokens/external-token';
import { TEST_JWT_SECRET } from '../../test/test-app';
import { useRecordEditing } from '../customers/customers.test-fixtures';

/** The to-dos of a property's weeks, and the calendar's mark of an open one. */
const editing = useRecordEditing();
const { t } = editing;
const YEAR = 2027;

const save = (id: number, payload: Record<string, unknown>, headers = editing.headers, key?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/todos`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

async function todosOf(id: number): Promise<Todo[]> {
  const response = await t.app.inject({
    url: `/api/customers/${id}/calendar/todo?year=${YEAR}`,
    headers: editing.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Todo[] }>().data;
}

async function markedWeeks(id: number): Promise<number[]> {
  const response = await t.app.inject({ url: `/api/customers/${id}/calendar?year=${YEAR}`, headers: editing.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ data: Calendar }>()
    .data.data.filter((week) => week.todo.active)
    .map((week) => week.week);
}

describe('to-dos', () => {
  it('adds a week’s to-do, lists it, marks the week on the calendar and records it', async () => {
    const { id } = await editing.insertRecord();
    const added = await save(id, { year: YEAR, week: 14, text: 'Call before the visit', done: false });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: TODO_MESSAGES.saved,
      data: { year: YEAR, week: 14, text: 'Call before the visit', done: false, version: 1 },
    });
    expect(added.json().data.user.fullName).toBe('Sofia Ramirez');
    expect(await todosOf(id)).toEqual([added.json().data]);
    expect(await markedWeeks(id)).toEqual([14]);
    expect((await editing.historyOf(id)).at(-1)).toMatchObject({
      action: 'todo',
      description: 'Added to-do of week 14 of 2027: Call before the visit',
    });
  });

  it('marks a week only while its to-do is open, and changes it from the version read (409 when stale)', async () => {
    const { id } = await editing.insertRecord();
    await save(id, { year: YEAR, week: 20, text: 'Check the gate', done: false });
    const done = await save(id, { year: YEAR, week: 20, text: 'Check the gate', done: true, version: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ done: true, version: 2 });
    expect(await markedWeeks(id)).toEqual([]);
    const stale = await save(id, { year: YEAR, week: 20, text: 'Open it again', done: false, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(TODO_MESSAGES.stale);
    expect((await todosOf(id))[0]).toMatchObject({ text: 'Check the gate', done: true });
  });

  it('keeps one to-do a week, and answers a retried add with the first answer', async () => {
    const { id } = await editing.insertRecord();
    const first = await save(
      id,
      { year: YEAR, week: 9, text: 'Bring the trimmer', done: false },
      editing.headers,
      'todo-1',
    );
    const retry = await save(
      id,
      { year: YEAR, week: 9, text: 'Bring the trimmer', done: false },
      editing.headers,
      'todo-1',
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const second = await save(id, { year: YEAR, week: 9, text: 'Another', done: false });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toEqual({ week: [TODO_MESSAGES.weekTaken] });
    const missing = await save(id, { year: YEAR, week: 10, text: 'Nothing here', done: false, version: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('checks the text and the week: required, at most 200 characters, no NUL, a week of the year', async () => {
    const { id } = await editing.insertRecord();
    const errorsOf = async (payload: Record<string, unknown>) =>
      (await save(id, { year: YEAR, week: 3, done: false, ...payload })).json().errors;
    expect(await errorsOf({ text: ' ' })).toEqual({ text: [TODO_MESSAGES.required] });
    expect(await errorsOf({ text: 'x'.repeat(201) })).toEqual({ text: [TODO_MESSAGES.textMax] });
    expect(await errorsOf({ text: 'a\u0000b' })).toEqual({ text: [VALIDATION_MESSAGES.noNul] });
    expect(await errorsOf({ text: 'ok', week: 54 })).toEqual({ week: ['Enter a week from 1 to 53'] });
    expect(await todosOf(id)).toEqual([]);
  });

  describe('who may call', () => {
    let others: { authorization: string }[];
    beforeAll(async () => {
      others = [
        await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: 5 })),
        await t.authHeaders(await t.createUser({ role: 'customers' })),
      ];
    });

    it('refuses crews and customers, and hides to-dos from the customer’s own calendar', async () => {
      const { id } = await editing.insertRecord();
      await save(id, { year: YEAR, week: 14, text: 'Staff only', done: false });
      for (const headers of others) {
        expect((await save(id, { year: YEAR, week: 15, text: 'No', done: false }, headers)).statusCode).toBe(403);
        expect((await t.app.inject({ url: `/api/customers/${id}/calendar/todo`, headers })).statusCode).toBe(403);
      }
      const token = await signExternalToken({ propertyId: id, scopes: ['calendar'] }, TEST_JWT_SECRET);
      const external = await t.app.inject({
        url: `/api/external/calendar?year=${YEAR}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(external.statusCode, external.body).toBe(200);
      const weeks = external.json<{ calendar: { data: Calendar['data'] } }>().calendar.data;
      expect(weeks.some((week) => week.todo.active)).toBe(false);
      expect(await todosOf(id)).toHaveLength(1);
    });
  });
});
