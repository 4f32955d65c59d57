import {
  defaultSeasonWeeks,
  lastRegularWeekOf,
  mowYearStart,
  SEASON_MESSAGES,
  SEASON_WEEK_COLORS,
  weekOf,
  weekRange,
  type ScheduleStatus,
  type SeasonStartSummary,
  type SeasonWeek,
} from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { planPropertiesForYear } from './schedule.planner';
import { readSchedule, writeSchedule } from './schedule.test-fixtures';

/** Today is Wednesday 2027-05-12 in Chicago: week 12 of mow year 2027 (which started 2027-02-22). */
const NOW = new Date('2027-05-12T15:00:00Z');
const TODAY = '2027-05-12';
const t = useTestContext({ clock: () => NOW });

let admin: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  headers = await t.authHeaders(admin);
});

const get = (url: string, as = headers) => t.app.inject({ method: 'GET', url, headers: as });
const put = (year: number | string, payload: unknown, as = headers) =>
  t.app.inject({ method: 'PUT', url: `/api/schedule?year=${year}`, headers: as, payload: payload as object });

async function count(table: 'season_weeks' | 'schedule_runs', year: number): Promise<number> {
  const result = await t.db.execute<{ total: number }>(
    sql`select count(*)::int as total from ${sql.identifier(table)} where year = ${year}`,
  );
  return result.rows[0]?.total ?? 0;
}

/** Ends whatever run a test left active (no workers run outside the end-to-end test). */
async function finishActiveRuns(): Promise<void> {
  await t.db.execute(
    sql`update schedule_runs set status = 'failed', failure_reason = 'test' where status in ('requested', 'in_progress')`,
  );
}

describe('GET /api/schedule', () => {
  it('lists the weeks of a year with their type, colour, holidays and where today stands', async () => {
    const response = await get('/api/schedule?year=2027');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ year: number; isSaved: boolean; data: SeasonWeek[] }>();
    expect(body).toMatchObject({ year: 2027, isSaved: false });
    expect(body.data).toHaveLength(53);
    expect(body.data.map((week) => week.type)).toEqual(defaultSeasonWeeks(2027));
    expect(body.data[0]).toEqual({
      week: 1,
      start: '2027-02-22',
      end: '2027-02-28',
      type: 'winter',
      color: SEASON_WEEK_COLORS.winter,
      winter: true,
      holidays: [],
      current: false,
      disabled: true,
    });
    expect(body.data[1]).toMatchObject({ week: 2, type: 'start', color: '#78bb42', winter: false });
    expect(body.data.filter((week) => week.current).map((week) => week.week)).toEqual([weekOf(TODAY).week]);
    expect(body.data.filter((week) => week.disabled).map((week) => week.week)).toEqual(
      Array.from({ length: weekOf(TODAY).week - 1 }, (_, index) => index + 1),
    );
    expect(body.data[19]?.holidays).toEqual([{ date: '2027-07-05', name: 'Independence Day (substitute day)' }]);
    expect(body.data.find((week) => week.type === 'holiday')?.color).toBe('#fb0f1c');
  });

  it('lists only the winter weeks with range=winter', async () => {
    const response = await get('/api/schedule?year=2027&range=winter');
    expect(response.statusCode).toBe(200);
    const weeks = response.json<{ data: SeasonWeek[] }>().data;
    expect(weeks.length).toBe(defaultSeasonWeeks(2027).filter((type) => type === 'winter').length);
    expect(weeks.every((week) => week.type === 'winter' && week.winter)).toBe(true);
  });

  it.each([
    ['year=2019', 'year'],
    ['year=2041', 'year'],
    ['year=2027&range=summer', 'range'],
    ['year=2027&week=3', ''],
    ['', 'year'],
  ])('rejects the query %j', async (query, field) => {
    const response = await get(`/api/schedule?${query}`);
    expect(response.statusCode).toBe(400);
    if (field) expect(response.json().errors[field]).toBeDefined();
  });
});

describe('access', () => {
  it.each(['Representative', 'customer-service'] as const)('refuses %s', async (role) => {
    const as = await t.authHeaders(await t.createUser({ role }));
    expect((await get('/api/schedule?year=2027', as)).statusCode).toBe(403);
    expect((await get('/api/schedule/status?year=2027', as)).statusCode).toBe(403);
    expect((await get('/api/schedule/season-start-summary?year=2027', as)).statusCode).toBe(403);
    expect((await put(2027, { weeks: [] }, as)).statusCode).toBe(403);
    expect(await count('schedule_runs', 2027)).toBe(0);
  });

  it('lets a Manager in', async () => {
    const as = await t.authHeaders(await t.createUser({ role: 'Manager' }));
    expect((await get('/api/schedule/status?year=2027', as)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    for (const url of ['/api/schedule?year=2027', '/api/schedule/status?year=2027']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'PUT', url: '/api/schedule?year=2027', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /api/schedule/season-start-summary', () => {
  it('counts the services of weeks 1-4 per market and frequency, and warns about overloaded weeks', async () => {
    const north = await insertMarket(t.db, 'North');
    const south = await insertMarket(t.db, 'South');
    const idle = await insertMarket(t.db, 'Idle');
    await insertMarket(t.db, 'Unserved');
    const ids = [
      (await insertRecord(t.db, { marketId: north, property: { srvFrequency: 1 } })).id,
      (await insertRecord(t.db, { marketId: north, property: { srvFrequency: 1, weekDay: 3 } })).id,
      (await insertRecord(t.db, { marketId: north, property: { srvFrequency: 2 } })).id,
      (await insertRecord(t.db, { marketId: south, property: { srvFrequency: 3 } })).id,
      (await insertRecord(t.db, { marketId: south, property: { srvFrequency: 1 } })).id,
    ];
    // Winter option: week 1 (winter, before the season starts in week 2) is served too.
    await writeSchedule(t.db, ids[4] ?? 0, 2026, { hasWinter: true });
    await insertRecord(t.db, { marketId: idle, property: {} });
    await insertRecord(t.db, { marketId: north, property: { status: 5 } });
    await planPropertiesForYear(t.db, 2026, ids, mowYearStart(2026));

    const response = await get('/api/schedule/season-start-summary?year=2026');
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<{ data: SeasonStartSummary[] }>().data;
    expect(summary.map(({ week, start, end }) => ({ week, start, end }))).toEqual(
      [1, 2, 3, 4].map((week) => weekRange(2026, week)),
    );
    const amounts = (week: number, market: string) =>
      summary[week - 1]?.markets.find((entry) => entry.name === market)?.frecuency.map((entry) => entry.amount);
    const warned = (week: number) =>
      summary[week - 1]?.markets.filter((entry) => entry.isWarning).map((entry) => entry.name);

    // Markets with live in-service properties, by name; Unserved has none.
    expect(summary[0]?.markets.map((entry) => entry.name)).toEqual(['Idle', 'North', 'South']);
    expect(summary[0]?.markets[1]?.frecuency.map((entry) => entry.name)).toEqual([
      'Weekly',
      'Bi-Weekly',
      '3-Weekly',
      'Drought Schedule',
    ]);
    // 2026: the season starts in week 2. North: 2 weekly + bi-weekly on weeks 2 and 4 -> 0, 3, 2, 3 (average 2).
    expect([1, 2, 3, 4].map((week) => amounts(week, 'North'))).toEqual([
      [0, 0, 0, 0],
      [2, 1, 0, 0],
      [2, 0, 0, 0],
      [2, 1, 0, 0],
    ]);
    // South: weekly with the winter option from week 1, 3-weekly from week 2 -> 1, 2, 1, 1 (average 1.25).
    expect([1, 2, 3, 4].map((week) => amounts(week, 'South'))).toEqual([
      [1, 0, 0, 0],
      [1, 0, 1, 0],
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ]);
    expect(amounts(2, 'Idle')).toEqual([0, 0, 0, 0]);
    // More than 20 % above the market's average: North 3 > 2.4, South 2 > 1.5.
    expect([1, 2, 3, 4].map(warned)).toEqual([[], ['North', 'South'], [], ['North']]);
  });
});

describe('GET /api/schedule/status', () => {
  it("answers 'none' for a year never processed", async () => {
    const response = await get('/api/schedule/status?year=2030');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: ScheduleStatus }>().data).toEqual({
      year: 2030,
      total: 0,
      progress: 0,
      percentage: 0,
      isProgress: false,
      status: 'none',
      name: 'Schedule 2030',
      failureReason: null,
      completedAt: null,
    });
  });

  it("reports the year's latest run, and whether any run is active", async () => {
    await t.db.execute(sql`
      insert into schedule_runs (year, status, plan_from, total, progress, created_at)
      values (2031, 'completed', '2031-02-24', 300, 300, now() - interval '1 day'),
             (2031, 'in_progress', '2031-02-24', 3000, 1234, now())`);
    const status = (await get('/api/schedule/status?year=2031')).json<{ data: ScheduleStatus }>().data;
    expect(status).toMatchObject({
      year: 2031,
      total: 3000,
      progress: 1234,
      percentage: 41.1,
      isProgress: true,
      status: 'in_progress',
    });
    expect((await get('/api/schedule/status?year=2030')).json().data).toMatchObject({
      status: 'none',
      isProgress: true,
    });
    await finishActiveRuns();
    expect((await get('/api/schedule/status?year=2031')).json().data).toMatchObject({
      status: 'failed',
      isProgress: false,
      failureReason: 'test',
    });
  });
});

describe('PUT /api/schedule', () => {
  it('stores the updated season, records a run and queues its processing', async () => {
    const lastRegular = lastRegularWeekOf(defaultSeasonWeeks(2028));
    const response = await put(2028, { weeks: [{ week: lastRegular + 1, type: 'regular' }] });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json<{ message: string; data: ScheduleStatus }>();
    expect(body.message).toBe(SEASON_MESSAGES.processing);
    expect(body.data).toMatchObject({ year: 2028, status: 'requested', isProgress: true, name: 'Schedule 2028' });

    const weeks = (await get('/api/schedule?year=2028')).json<{ isSaved: boolean; data: SeasonWeek[] }>();
    expect(weeks.isSaved).toBe(true);
    expect(weeks.data[lastRegular]?.type).toBe('regular');
    const stored = await t.db.execute<{ rows: number; editors: number[] }>(
      sql`select count(*)::int as rows, array_agg(distinct updated_by) as editors from season_weeks where year = 2028`,
    );
    expect(stored.rows[0]).toEqual({ rows: 52, editors: [admin.id] });
    // 2028 starts after today: the whole year is planned.
    const runs = await t.db.execute<{ id: number; plan_from: string; requested_by: number; status: string }>(
      sql`select id, plan_from::text, requested_by, status from schedule_runs where year = 2028`,
    );
    expect(runs.rows).toEqual([
      { id: expect.any(Number), plan_from: mowYearStart(2028), requested_by: admin.id, status: 'requested' },
    ]);
    const jobs = await t.pool.query(`select data from pgboss.job where name = 'schedule-process'`);
    expect(jobs.rows.map((row: { data: unknown }) => row.data)).toContainEqual({ runId: runs.rows[0]?.id });

    // While it is active nothing else can be processed, whatever the year.
    const refused = await put(2027, { weeks: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SEASON_MESSAGES.alreadyRunning);
    expect(await count('schedule_runs', 2027)).toBe(0);
    await finishActiveRuns();
  });

  it('plans from today in the current year, and stores nothing when the season does not change', async () => {
    const response = await put(2027, { weeks: [] });
    expect(response.statusCode, response.body).toBe(202);
    expect(await count('season_weeks', 2027)).toBe(0);
    const runs = await t.db.execute<{ plan_from: string }>(
      sql`select plan_from::text from schedule_runs where year = 2027`,
    );
    expect(runs.rows).toEqual([{ plan_from: TODAY }]);
    await finishActiveRuns();
  });

  it.each([
    [
      'a week the menu does not offer',
      2029,
      { weeks: [{ week: 20, type: 'holiday' }] },
      'Week 20 cannot be set to Holiday',
    ],
    ['a week that has ended', 2027, { weeks: [{ week: 1, type: 'start' }] }, SEASON_MESSAGES.weekEnded(1)],
    ['week 53 of a 52-week year', 2028, { weeks: [{ week: 53, type: 'winter' }] }, 'Week 53 is not in 2028'],
    ['week 54', 2029, { weeks: [{ week: 54, type: 'winter' }] }, null],
    ['week 0', 2029, { weeks: [{ week: 0, type: 'winter' }] }, null],
    ['an unknown type', 2029, { weeks: [{ week: 45, type: 'summer' }] }, null],
    ['an unknown field', 2029, { weeks: [], force: true }, null],
    ['an unknown week field', 2029, { weeks: [{ week: 45, type: 'winter', color: 'red' }] }, null],
    ['no weeks', 2029, {}, null],
    ['the year 2019', 2019, { weeks: [] }, 'Choose a year from 2020 to 2040'],
    ['the year 2041', 2041, { weeks: [] }, 'Choose a year from 2020 to 2040'],
  ])('rejects %s with nothing written', async (_name, year, payload, message) => {
    const runsBefore = await t.db.execute<{ total: number }>(sql`select count(*)::int as total from schedule_runs`);
    const response = await put(year, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(JSON.stringify(response.json())).toContain(message);
    const runsAfter = await t.db.execute<{ total: number }>(sql`select count(*)::int as total from schedule_runs`);
    expect(runsAfter.rows[0]?.total).toBe(runsBefore.rows[0]?.total);
    expect(await count('season_weeks', typeof year === 'number' ? year : 0)).toBe(year === 2028 ? 52 : 0);
  });

  it('checks the updates in order, each against the weeks as the ones before left them', async () => {
    const lastRegular = lastRegularWeekOf(defaultSeasonWeeks(2029));
    const rejected = await put(2029, {
      weeks: [
        { week: lastRegular - 1, type: 'winter' },
        { week: lastRegular, type: 'winter' },
      ],
    });
    expect(rejected.statusCode).toBe(400);
    expect(await count('season_weeks', 2029)).toBe(0);
    const accepted = await put(2029, {
      weeks: [
        { week: lastRegular, type: 'winter' },
        { week: lastRegular - 1, type: 'holiday' },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const types = (await get('/api/schedule?year=2029')).json<{ data: SeasonWeek[] }>().data.map((w) => w.type);
    expect(types.slice(lastRegular - 3, lastRegular)).toEqual(['regular', 'holiday', 'winter']);
    await finishActiveRuns();
  });
});

describe('processing end to end (pg-boss workers)', () => {
  async function waitForRun(year: number): Promise<ScheduleStatus> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const status = (await get(`/api/schedule/status?year=${year}`)).json<{ data: ScheduleStatus }>().data;
      if (!status.isProgress) return status;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the schedule run did not finish');
  }

  it('processes the year, and a week set to holiday loses its services', async () => {
    await finishActiveRuns();
    await t.startWorkers();
    const marketId = await insertMarket(t.db, 'End To End');
    const property = (await insertRecord(t.db, { marketId, property: { weekDay: 2, srvFrequency: 1 } })).id;

    expect((await put(2027, { weeks: [] })).statusCode).toBe(202);
    const first = await waitForRun(2027);
    expect(first).toMatchObject({ status: 'completed', percentage: 100, isProgress: false });
    expect(first.total).toBe(first.progress);
    const before = await readSchedule(t.db, property, 2027);
    const lastRegular = lastRegularWeekOf(defaultSeasonWeeks(2027));
    const lastWeek = weekRange(2027, lastRegular);
    const inLastWeek = (dates: string[]) => dates.filter((date) => date >= lastWeek.start && date <= lastWeek.end);
    expect(inLastWeek(before?.workdays ?? [])).toHaveLength(1);
    // Planned from today: the services before today were already there.
    expect(before?.workdays.filter((date) => date < TODAY)).toEqual([]);
    expect(before?.workdays[0]).toBe('2027-05-18');

    const response = await put(2027, { weeks: [{ week: lastRegular, type: 'holiday' }] });
    expect(response.statusCode, response.body).toBe(202);
    expect(await waitForRun(2027)).toMatchObject({ status: 'completed', percentage: 100 });
    const after = await readSchedule(t.db, property, 2027);
    expect(inLastWeek(after?.workdays ?? [])).toEqual([]);
    expect(after?.workdays).toEqual((before?.workdays ?? []).filter((date) => inLastWeek([date]).length === 0));
  });
});
