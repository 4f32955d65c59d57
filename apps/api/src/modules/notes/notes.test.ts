import { BILLING_REASONS, NOTE_MESSAGES, type Note, type Page } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notes, properties } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

/** Today is 06/10/2026 in Chicago: notes may be dated from then to 12/31/2050. */
const t = useTestContext({ clock: () => new Date('2026-06-10T15:00:00Z') });

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

const valid = { serviceDate: '2026-06-12', serviceHour: '09:30', description: 'Called about the gate' };

async function newRecord(): Promise<number> {
  return (await insertRecord(t.db, { marketId })).id;
}

const create = (id: number, payload: Record<string, unknown>, as = headers, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/customers/${id}/notes`, headers: { ...as, ...extra }, payload });

async function addNote(id: number, payload: Record<string, unknown> = {}): Promise<Note> {
  const response = await create(id, { typeId: 1, ...valid, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Note }>().data;
}

const patch = (id: number, noteId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}/notes/${noteId}`, headers, payload });

async function list(id: number, query = ''): Promise<Page<Note>> {
  const response = await t.app.inject({ url: `/api/customers/${id}/notes${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Note>>();
}

async function historyOf(id: number) {
  const result = await t.db.execute<{ action: string; description: string; user_id: number }>(
    sql`select action, description, user_id from customer_history where property_id = ${id} order by id desc`,
  );
  return result.rows;
}

async function storedNote(noteId: number) {
  const [row] = await t.db.select().from(notes).where(eq(notes.id, noteId));
  return row;
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('GET /api/customers/{id}/notes', () => {
  it('pages one type of note 5 at a time, newest first, with the author', async () => {
    const id = await newRecord();
    for (let index = 1; index <= 6; index += 1) await addNote(id, { description: `Call number ${index}` });
    await addNote(id, { typeId: 3, description: 'Front gate only' });

    const first = await list(id, '?filter[typeId]=1');
    expect(first).toMatchObject({ total: 6, perPage: 5, currentPage: 1, lastPage: 2 });
    expect(first.data.map((note) => note.description)).toEqual([
      'Call number 6',
      'Call number 5',
      'Call number 4',
      'Call number 3',
      'Call number 2',
    ]);
    expect(first.data[0]).toMatchObject({
      typeId: 1,
      typeName: 'Call note',
      serviceDate: '2026-06-12',
      serviceHour: '09:30',
      version: 1,
      customerAttributesId: id,
      user: { id: admin.id, fullName: 'Alex Morgan' },
    });
    expect((await list(id, '?filter[typeId]=1&page=2')).data.map((note) => note.description)).toEqual([
      'Call number 1',
    ]);
    expect((await list(id, '?filter[typeId]=3')).data.map((note) => note.description)).toEqual(['Front gate only']);
  });

  it('lists several types together (private notes show rejected ones too) and never another record’s', async () => {
    const id = await newRecord();
    const other = await newRecord();
    await addNote(id, { typeId: 2, description: 'Private one' });
    await addNote(id, { typeId: 4, description: '', rejectionReasons: ['Just Shopping'] });
    await addNote(other, { typeId: 2, description: 'Someone else' });
    const page = await list(id, '?filter[typeId]=2,4');
    expect(page.data.map((note) => [note.typeId, note.description, note.rejectionReasons])).toEqual([
      [4, '', ['Just Shopping']],
      [2, 'Private one', []],
    ]);
  });

  it('rejects unknown types and answers 404 for a missing record', async () => {
    const id = await newRecord();
    const bad = await t.app.inject({ url: `/api/customers/${id}/notes?filter[typeId]=6`, headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['filter[typeId]']);
    const missing = await t.app.inject({ url: '/api/customers/999999/notes', headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/customers/{id}/notes', () => {
  it('creates the note, says so, and records it in the history; a call note names its author in the list', async () => {
    const id = await newRecord();
    const response = await create(id, { typeId: 1, ...valid });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Your note has been created.');
    const note = response.json<{ data: Note }>().data;
    expect(await historyOf(id)).toEqual([
      { action: 'note', description: `Added call note #${note.id}: "Called about the gate"`, user_id: admin.id },
    ]);
    const [property] = await t.db
      .select({
        lastNoteBy: properties.lastNoteBy,
        lastNoteByName: properties.lastNoteByName,
        lastNoteAt: properties.lastNoteAt,
      })
      .from(properties)
      .where(eq(properties.id, id));
    // The time is the app's clock, so a test that fixes time fixes it too.
    expect(property).toEqual({
      lastNoteBy: admin.id,
      lastNoteByName: 'Alex Morgan',
      lastNoteAt: new Date('2026-06-10T15:00:00Z'),
    });
  });

  it('answers each rule with its message and stores nothing', async () => {
    const id = await newRecord();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ serviceDate: '' }, { serviceDate: ['Field is required'] }],
      [{ serviceHour: '' }, { serviceHour: ['Field is required'] }],
      [{ description: '' }, { description: ['Field is required'] }],
      [{ description: 'ok' }, { description: ['Minimum 3 characters'] }],
      [{ serviceDate: '2026-06-09' }, { serviceDate: [NOTE_MESSAGES.datePast] }],
      [{ serviceDate: '2051-01-01' }, { serviceDate: ['Choose a date up to 12/31/2050'] }],
      [{ rejectionReasons: ['Just Shopping'] }, { rejectionReasons: [NOTE_MESSAGES.reasonsOnlyRejected] }],
      [{ description: 'Nul\u0000here' }, { description: ['Text cannot contain a NUL character'] }],
    ];
    for (const [change, errors] of cases) {
      const response = await create(id, { typeId: 1, ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors, JSON.stringify(change)).toEqual(errors);
    }
    expect((await list(id)).total).toBe(0);
    expect(await historyOf(id)).toEqual([]);
  });

  it('takes a billing note only with a reason from the billing reasons', async () => {
    const id = await newRecord();
    const billing = { typeId: 7, ...valid, status: 1 };
    for (const [reason, message] of [
      ['Because', NOTE_MESSAGES.reasonUnknown],
      [null, NOTE_MESSAGES.required],
    ] as const) {
      const response = await create(id, { ...billing, reason });
      expect(response.statusCode, String(reason)).toBe(400);
      expect(response.json().errors, String(reason)).toEqual({ reason: [message] });
    }
    expect((await list(id)).total).toBe(0);

    const note = await addNote(id, { ...billing, reason: BILLING_REASONS[0] });
    expect(note).toMatchObject({ typeId: 7, reason: 'Card declined', status: 1 });
    const edit = await patch(id, note.id, { ...valid, reason: 'Because', status: 2, version: note.version });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ reason: [NOTE_MESSAGES.reasonUnknown] });
  });

  it('takes today and 12/31/2050 as dates', async () => {
    const id = await newRecord();
    await addNote(id, { serviceDate: '2026-06-10' });
    await addNote(id, { serviceDate: '2050-12-31' });
    expect((await list(id)).total).toBe(2);
  });

  it('lets a ticked rejection reason stand in for the description of a rejected note', async () => {
    const id = await newRecord();
    const note = await addNote(id, { typeId: 4, description: '', rejectionReasons: ['Not In Service Area'] });
    expect(note).toMatchObject({ typeId: 4, description: '', rejectionReasons: ['Not In Service Area'] });
    expect((await historyOf(id))[0]?.description).toBe(`Added rejected note #${note.id}: Not In Service Area`);
  });

  it('creates once for a retried request with the same Idempotency-Key', async () => {
    const id = await newRecord();
    const key = { 'idempotency-key': `note-${id}` };
    const first = await create(id, { typeId: 3, ...valid }, headers, key);
    const retry = await create(id, { typeId: 3, ...valid }, headers, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect((await list(id)).total).toBe(1);
  });

  it('is for the office only, and 404 for a deleted record', async () => {
    const id = await newRecord();
    const crew = await t.createUser({ role: 'crew', crewNumber: 101 });
    expect((await create(id, { typeId: 1, ...valid }, await t.authHeaders(crew))).statusCode).toBe(403);
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    expect((await create(id, { typeId: 1, ...valid })).statusCode).toBe(404);
  });
});

describe('PATCH /api/customers/{id}/notes/{noteId}', () => {
  it('saves an edit from the current version, moves the note to the next one and records what changed', async () => {
    const id = await newRecord();
    const note = await addNote(id);
    const response = await patch(id, note.id, {
      ...valid,
      version: 1,
      serviceHour: '10:00',
      description: 'Gate fixed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Your note has been updated.',
      data: { id: note.id, serviceHour: '10:00', description: 'Gate fixed', version: 2 },
    });
    expect((await historyOf(id))[0]?.description).toBe(
      `Edited call note #${note.id}: changed hour from 09:30 to 10:00; changed description from "Called about the gate" to "Gate fixed"`,
    );
  });

  it('refuses an edit from an older version with 409 and writes nothing', async () => {
    const id = await newRecord();
    const note = await addNote(id);
    expect((await patch(id, note.id, { ...valid, version: 1, description: 'First edit' })).statusCode).toBe(200);
    const historyBefore = await historyOf(id);

    const stale = await patch(id, note.id, { ...valid, version: 1, description: 'Second edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: NOTE_MESSAGES.stale });
    expect(await storedNote(note.id)).toMatchObject({ description: 'First edit', version: 2 });
    expect(await historyOf(id)).toEqual(historyBefore);
  });

  it('keeps a past date the note already had, but refuses moving it into the past', async () => {
    const id = await newRecord();
    const note = await addNote(id);
    await t.db.update(notes).set({ serviceDate: '2026-05-01' }).where(eq(notes.id, note.id));
    const kept = await patch(id, note.id, {
      ...valid,
      serviceDate: '2026-05-01',
      version: 1,
      description: 'Still May',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const moved = await patch(id, note.id, { ...valid, serviceDate: '2026-05-02', version: 2 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ serviceDate: [NOTE_MESSAGES.datePast] });
  });

  it('applies the rules of the stored type', async () => {
    const id = await newRecord();
    const rejected = await addNote(id, { typeId: 4, description: '', rejectionReasons: ['Just Shopping'] });
    const cleared = await patch(id, rejected.id, { ...valid, description: '', rejectionReasons: [], version: 1 });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors).toEqual({ description: ['Field is required'] });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const id = await newRecord();
    const note = await addNote(id);
    const response = await patch(id, note.id, { ...valid, version: 1 });
    expect(response.json().data.version).toBe(1);
    expect(await historyOf(id)).toHaveLength(1);
  });

  it('answers 404 for another record’s note and leaves it alone', async () => {
    const id = await newRecord();
    const other = await newRecord();
    const note = await addNote(other);
    expect((await patch(id, note.id, { ...valid, version: 1, description: 'Hijack' })).statusCode).toBe(404);
    expect(await storedNote(note.id)).toMatchObject({ description: 'Called about the gate' });
  });
});

describe('DELETE /api/customers/{id}/notes', () => {
  it('deletes one note with its history entry', async () => {
    const id = await newRecord();
    const note = await addNote(id, { typeId: 3, description: 'Leave the side gate' });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}/notes/${note.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your note has been deleted.', deleted: 1 });
    expect(await storedNote(note.id)).toBeUndefined();
    expect((await historyOf(id))[0]?.description).toBe(`Deleted special request #${note.id}: "Leave the side gate"`);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}/notes/${note.id}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it('deletes several by id in one entry, ignoring ids of other records', async () => {
    const id = await newRecord();
    const other = await newRecord();
    const [a, b] = [
      await addNote(id, { description: 'First call' }),
      await addNote(id, { description: 'Second call' }),
    ];
    const foreign = await addNote(other);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${id}/notes`,
      headers,
      payload: { ids: [a.id, b.id, foreign.id] },
    });
    expect(response.json()).toEqual({ message: 'Your note has been deleted.', deleted: 2 });
    expect(await storedNote(foreign.id)).toBeDefined();
    expect((await historyOf(id))[0]?.description).toBe(
      `Deleted 2 notes: call note #${a.id}: "First call"; call note #${b.id}: "Second call"`,
    );
    const none = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${id}/notes`,
      headers,
      payload: { ids: [foreign.id] },
    });
    expect(none.statusCode).toBe(404);
  });
});
