import { HISTORY_FILTER_MESSAGES as M, historyRangeToUtc, type CustomerHistoryEntry, type Page } from '@lawn/shared';
import { describe, expect, it } from 'vitest';
import { customerHistory } from '../../db/schema';
import { useRecordEditing } from './customers.test-fixtures';

/** Noon in Chicago on Friday 2026-11-27: "today" for the filter's end. */
const NOW = new Date('2026-11-27T18:00:00Z');
const editing = useRecordEditing({ clock: () => NOW });
const { t } = editing;

const history = (id: number, query: Record<string, string>) =>
  t.app.inject({ url: `/api/customers/${id}/history`, query, headers: editing.headers });
const range = (start: string, end: string) => {
  const utc = historyRangeToUtc({ start, end });
  return { 'filter[dateHistoryStart]': utc.start, 'filter[dateHistoryEnd]': utc.end };
};

/** A record with one entry at the start of each of three Chicago days (Nov 1, 10 and 20), and its id. */
async function recordWithHistory(): Promise<number> {
  const { id } = await editing.insertRecord();
  await t.db.insert(customerHistory).values([
    // 00:30 on Nov 1 in Chicago, 05:30 UTC.
    { propertyId: id, action: 'update', description: 'First', createdAt: new Date('2026-11-01T05:30:00Z') },
    // 23:30 on Nov 10 in Chicago is already Nov 11 in UTC.
    { propertyId: id, action: 'update', description: 'Second', createdAt: new Date('2026-11-11T05:30:00Z') },
    { propertyId: id, action: 'update', description: 'Third', createdAt: new Date('2026-11-20T15:00:00Z') },
  ]);
  return id;
}

const descriptions = (page: Page<CustomerHistoryEntry>) => page.data.map((entry) => entry.description);

describe('GET /api/customers/{id}/history', () => {
  it('lists 10 a page, newest first', async () => {
    const { id } = await editing.insertRecord();
    for (let crew = 1; crew <= 12; crew += 1) await editing.patch(id, { crew });
    const first = (await history(id, {})).json<Page<CustomerHistoryEntry>>();
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]?.description).toBe('Changed crew from 11 to 12');
    expect(first.data[0]?.user?.fullName).toBe('Sofia Ramirez');
  });

  it('filters by the days of the business, given as UTC instants', async () => {
    const id = await recordWithHistory();
    const answer = await history(id, range('2026-11-01', '2026-11-10'));
    expect(answer.statusCode).toBe(200);
    expect(descriptions(answer.json())).toEqual(['Second', 'First']);
    expect(descriptions((await history(id, range('2026-11-11', '2026-11-27'))).json())).toEqual(['Third']);
    expect(descriptions((await history(id, {})).json())).toEqual(['Third', 'Second', 'First']);
  });

  it.each([
    ['an end after today', range('2026-11-01', '2026-11-28'), { 'filter[dateHistoryEnd]': [M.endAfterToday] }],
    [
      'a start after 12/31/2050',
      {
        'filter[dateHistoryStart]': '2051-01-01T06:00:00.000Z',
        'filter[dateHistoryEnd]': range('2026-11-01', '2026-11-27')['filter[dateHistoryEnd]'],
      },
      { 'filter[dateHistoryStart]': [M.startMax] },
    ],
    [
      'a start alone',
      { 'filter[dateHistoryStart]': '2026-11-01T05:00:00.000Z' },
      { 'filter[dateHistoryEnd]': [M.bothDates] },
    ],
    [
      'an end alone',
      { 'filter[dateHistoryEnd]': '2026-11-01T05:00:00.000Z' },
      { 'filter[dateHistoryStart]': [M.bothDates] },
    ],
    [
      'a date that is no instant',
      { 'filter[dateHistoryStart]': '11/01/2026', 'filter[dateHistoryEnd]': '2026-11-27' },
      { 'filter[dateHistoryStart]': [M.dateInvalid], 'filter[dateHistoryEnd]': [M.dateInvalid] },
    ],
    ['a start after the end', range('2026-11-20', '2026-11-10'), { 'filter[dateHistoryStart]': [M.startAfterEnd] }],
  ])('refuses %s with 400 under the parameter', async (_case, query, errors) => {
    const id = await recordWithHistory();
    const answer = await history(id, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errors });
  });

  it('refuses a filter it does not know, and text PostgreSQL cannot store, with 400', async () => {
    const id = await recordWithHistory();
    const unknown = await history(id, { 'filter[userId]': '1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { 'filter[userId]': ['Unknown filter: userId'] } });
    const nul = await history(id, { 'filter[dateHistoryStart]': '2026-11-01\u0000', 'filter[dateHistoryEnd]': 'x' });
    expect(nul.statusCode).toBe(400);
  });
});
