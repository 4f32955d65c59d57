import { RECORD_SAVE_MESSAGES } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { useRecordEditing } from './customers.test-fixtures';

/** The B&B tab's notes, autosaved through PATCH /api/customers/{id} like every field of the record. */
const editing = useRecordEditing();

describe('the B&B notes of a record', () => {
  it('are read with the record, saved from the value they started from, and recorded in the history', async () => {
    const { id } = await editing.insertRecord({ property: { bbNotes: 'Trim the roses' } });
    expect((await editing.read(id)).bbNotes).toBe('Trim the roses');
    const saved = await editing.patch(id, {
      bbNotes: 'Trim the roses and weed the front bed',
      base: { bbNotes: 'Trim the roses' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.bbNotes).toBe('Trim the roses and weed the front bed');
    expect((await editing.historyOf(id)).at(-1)?.description).toBe(
      'Changed B&B notes from Trim the roses to Trim the roses and weed the front bed',
    );
  });

  it('refuse a save from a value someone else has changed meanwhile (409), and keep theirs', async () => {
    const { id } = await editing.insertRecord({ property: { bbNotes: 'Mulch' } });
    expect((await editing.patch(id, { bbNotes: 'Mulch twice', base: { bbNotes: 'Mulch' } })).statusCode).toBe(200);
    const stale = await editing.patch(id, { bbNotes: 'No mulch', base: { bbNotes: 'Mulch' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECORD_SAVE_MESSAGES.fieldsChanged);
    expect((await editing.read(id)).bbNotes).toBe('Mulch twice');
  });

  it('store blank as none, and refuse text a database cannot keep or too long', async () => {
    const { id } = await editing.insertRecord({ property: { bbNotes: 'Edge the beds' } });
    expect((await editing.patch(id, { bbNotes: '  ' })).json().data.bbNotes).toBeNull();
    expect((await editing.patch(id, { bbNotes: 'a\u0000b' })).statusCode).toBe(400);
    expect((await editing.patch(id, { bbNotes: 'x'.repeat(2001) })).json().errors).toEqual({
      bbNotes: ['Max. 2000 characters'],
    });
    const long = 'y'.repeat(2000);
    expect((await editing.patch(id, { bbNotes: long })).statusCode).toBe(200);
    expect((await editing.patch(id, { bbNotes: 'short', base: { bbNotes: long } })).statusCode).toBe(200);
  });
});
