import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

async function get(url: string) {
  const user = await t.createUser({ role: 'Representative' });
  return t.app.inject({ url, headers: await t.authHeaders(user) });
}

describe('GET /api/helper/weeks', () => {
  it('lists the weeks of a mow year with their holidays', async () => {
    const response = await get('/api/helper/weeks?year=2026');
    expect(response.statusCode).toBe(200);
    const { year, data } = response.json();
    expect(year).toBe(2026);
    expect(data).toHaveLength(52);
    expect(data[0]).toEqual({ week: 1, start: '2026-02-23', end: '2026-03-01', holidays: [] });
    const thanksgiving = data.find((week: { start: string }) => week.start === '2026-11-23');
    expect(thanksgiving.holidays).toEqual([{ date: '2026-11-26', name: expect.stringMatching(/Thanksgiving/) }]);
  });

  it.each([['2019'], ['2041'], ['next'], ['']])('rejects the year %j', async (year) => {
    const response = await get(`/api/helper/weeks?year=${year}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.year).toEqual(['Choose a year from 2020 to 2040']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/helper/weeks?year=2026' })).statusCode).toBe(401);
  });
});

describe('GET /api/helper/date-info', () => {
  it('places a date in its mow year and week', async () => {
    const response = await get('/api/helper/date-info?date=2026-11-26');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      date: '2026-11-26',
      year: 2026,
      week: 40,
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      isBusinessDay: false,
      nextBusinessDay: '2026-11-27',
      isSeasonStartWeek: false,
    });
    expect(response.json().data.holidays).toHaveLength(1);
  });

  it('gives January dates to the previous mow year', async () => {
    const response = await get('/api/helper/date-info?date=2026-01-15');
    expect(response.json().data).toMatchObject({ year: 2025, isBusinessDay: true, nextBusinessDay: '2026-01-16' });
  });

  it.each([['2026-02-30'], ['26-11-21'], ['tomorrow']])('rejects %j', async (date) => {
    const response = await get(`/api/helper/date-info?date=${date}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.date).toEqual(['Date is not valid']);
  });

  it('rejects unknown parameters', async () => {
    const response = await get('/api/helper/date-info?date=2026-11-21&week=3');
    expect(response.statusCode).toBe(400);
  });
});
