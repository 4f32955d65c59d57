import { describe, expect, it } from 'vitest';
import { useRecordEditing } from './customers.test-fixtures';

const editing = useRecordEditing();

describe('the record’s Mapsco references', () => {
  it('are read, saved in capitals (blank is none), found by the lookup and written to the history', async () => {
    const { id } = await editing.insertRecord();
    expect(await editing.read(id)).toMatchObject({ mapsco: null, mapA: null, mapscoGrid: null });

    const saved = await editing.patch(id, { mapsco: ' 25k ', mapA: '7b', mapscoGrid: 'k', version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await editing.read(id)).toMatchObject({ mapsco: '25K', mapA: '7B', mapscoGrid: 'K', version: 2 });
    const history = await editing.historyOf(id);
    expect(history.at(-1)?.description).toContain('Mapsco');

    const found = await editing.t.app.inject({
      url: `/api/customers?filter[market]=${editing.marketId}&filter[mapsco]=25K&filter[mapscoGrid]=k`,
      headers: editing.headers,
    });
    expect(found.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([id]);

    expect((await editing.patch(id, { mapA: '  ', version: 2 })).statusCode).toBe(200);
    expect((await editing.read(id)).mapA).toBeNull();
  });

  it('refuses a reference longer than 10 characters with 400 at its field', async () => {
    const { id } = await editing.insertRecord();
    const refused = await editing.patch(id, { mapsco: '12345678901', version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors: object }>().errors)).toEqual(['mapsco']);
  });
});
