import { SEASON_WEEK_COLORS, SERVICE_COLORS, type Activity, type Calendar, type CustomerDetail } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestUser } from '../../test/test-app';
import { insertMarket } from '../../test/record-fixtures';
import { activeWeeks, insertPlannedRecord, testClock, weekOfCalendar } from './calendar.test-fixtures';

const t = useTestContext({ clock: testClock });

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

const range = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, index) => from + index * step);

async function getCalendar(id: number, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/customers/${id}/calendar${query}`, headers });
}
async function calendarOf(id: number, query = ''): Promise<Calendar> {
  const response = await getCalendar(id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Calendar }>().data;
}
async function patchCustomer(id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('GET /api/customers/:id/calendar', () => {
  it('shows a weekly property served every season week on its weekday, holidays moving the day', async () => {
    const id = await insertPlannedRecord(t.db, { marketId, property: { weekDay: 1, joinDate: '2024-05-01' } });
    const calendar = await calendarOf(id);

    expect(calendar).toMatchObject({ year: 2026, years: [2024, 2025, 2026, 2027], filter: 'all', hasWinter: false });
    expect(calendar.data).toHaveLength(52);
    expect(activeWeeks(calendar)).toEqual(range(2, 41));
    expect(weekOfCalendar(calendar, 2)).toEqual({
      week: 2,
      start: '2026-03-02',
      end: '2026-03-08',
      status: 'start',
      current: { active: false, color: SERVICE_COLORS.current },
      holidays: [],
      winter: { active: false, color: SEASON_WEEK_COLORS.winter },
      customer: {
        active: true,
        color: SERVICE_COLORS.service,
        workday: '2026-03-02',
        message: null,
        typeServiceNote: null,
        isRegularService: true,
      },
      todo: { active: false },
    });
    // Memorial Day is Monday May 25: the service moves to Tuesday.
    expect(weekOfCalendar(calendar, 14)).toMatchObject({
      holidays: [{ date: '2026-05-25', name: 'Memorial Day' }],
      customer: { active: true, workday: '2026-05-26' },
    });
    expect(calendar.data.filter((week) => week.current.active).map((week) => week.week)).toEqual([16]);
    expect(weekOfCalendar(calendar, 1)).toMatchObject({
      status: 'winter',
      winter: { active: true },
      customer: { active: false, color: SEASON_WEEK_COLORS.winter, workday: null, isRegularService: false },
    });
    expect(weekOfCalendar(calendar, 44)).toMatchObject({
      status: 'holiday',
      customer: { active: false, color: SEASON_WEEK_COLORS.holiday },
    });
  });

  it('shows a bi-weekly property every second week from its first season week', async () => {
    const id = await insertPlannedRecord(t.db, { marketId, property: { weekDay: 3, srvFrequency: 2 } });
    const calendar = await calendarOf(id);
    expect(activeWeeks(calendar)).toEqual(range(2, 40, 2));
    expect(weekOfCalendar(calendar, 4).customer.workday).toBe('2026-03-18');
  });

  it('filters the weeks: only winter, only in season', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const winter = await calendarOf(id, '?filter=winter');
    expect(winter.filter).toBe('winter');
    expect(winter.data.map((week) => week.week)).toEqual([1, 42, 43, ...range(46, 52)]);
    const season = await calendarOf(id, '?filter=season');
    expect(season.data.map((week) => week.week)).toEqual(range(2, 41));
  });

  it('offers the years from the earliest of join and start date to next year, inside 2020-2040', async () => {
    const old = await insertPlannedRecord(t.db, { marketId, property: { joinDate: '2015-03-10' } });
    expect((await calendarOf(old)).years).toEqual(range(2020, 2027));
    // January 2025 belongs to mow year 2024.
    const started = await insertPlannedRecord(t.db, {
      marketId,
      property: { joinDate: '2026-04-01', serviceDate: '2025-01-15' },
    });
    expect((await calendarOf(started)).years).toEqual([2024, 2025, 2026, 2027]);
    const future = await insertPlannedRecord(t.db, {
      marketId,
      property: { joinDate: '2026-06-01', serviceDate: '2027-04-05' },
    });
    expect(await calendarOf(future)).toMatchObject({ year: 2026, years: [2026, 2027] });
    const next = await calendarOf(future, '?year=2027');
    expect(next.year).toBe(2027);
    expect(next.data).toHaveLength(53);
    // Not served before the week of its start date.
    expect(activeWeeks(next)).toEqual([]);
  });

  it('rejects a year outside the offered ones and a malformed filter', async () => {
    const id = await insertPlannedRecord(t.db, { marketId, property: { joinDate: '2025-05-01' } });
    const early = await getCalendar(id, '?year=2024');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      message: 'Choose one of the years offered',
      errors: { year: ['Choose one of the years offered'] },
    });
    expect((await getCalendar(id, '?year=2028')).statusCode).toBe(400);
    expect((await getCalendar(id, '?filter=summer')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown or deleted property, 403 for crew, 401 without a token', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    expect((await getCalendar(999_999)).json()).toEqual({ message: 'Customer not found' });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers });
    expect(deleted.statusCode).toBe(200);
    const gone = await getCalendar(id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Customer not found' });

    const live = await insertPlannedRecord(t.db, { marketId });
    const crew = await t.createUser({ role: 'crew', crewNumber: 101 });
    const asCrew = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${live}/calendar`,
      headers: await t.authHeaders(crew),
    });
    expect(asCrew.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${live}/calendar` })).statusCode).toBe(401);
  });

  it('drops the future services of a deleted property at once and keeps the past ones', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    await t.app.inject({ method: 'DELETE', url: `/api/customers/${id}`, headers });
    const result = await t.db.execute<{ workdays: string[] }>(
      `select workdays::text[] as workdays from property_schedules where property_id = ${id} and year = 2026`,
    );
    const workdays = result.rows[0]?.workdays ?? [];
    expect(workdays.at(-1)).toBe('2026-06-08');
    expect(workdays).toHaveLength(15);
  });
});

describe('re-plan on record changes', () => {
  it('re-plans at once when the frequency changes, keeping the services before today', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const response = await patchCustomer(id, { srvFrecuency: 2 });
    expect(response.statusCode, response.body).toBe(200);
    const calendar = await calendarOf(id);
    // Weekly up to week 16 (Jun 8, before today), then every second week counted from week 2.
    expect(activeWeeks(calendar)).toEqual([...range(2, 16), ...range(18, 40, 2)]);
  });

  it('re-plans when the mow day changes', async () => {
    const id = await insertPlannedRecord(t.db, { marketId, property: { weekDay: 1 } });
    await patchCustomer(id, { weekDay: 5 });
    const calendar = await calendarOf(id);
    expect(weekOfCalendar(calendar, 15).customer.workday).toBe('2026-06-01');
    // Friday Jun 19 is Juneteenth: the service moves to Thursday.
    expect(weekOfCalendar(calendar, 17).customer.workday).toBe('2026-06-18');
    expect(weekOfCalendar(calendar, 18).customer.workday).toBe('2026-06-26');
  });

  it('stops the service from the future-cancel week on, and for a status that is not served', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    await patchCustomer(id, { futureCancel: 30 });
    expect(activeWeeks(await calendarOf(id))).toEqual(range(2, 29));
    await patchCustomer(id, { status: 5 });
    expect(activeWeeks(await calendarOf(id))).toEqual(range(2, 16));
  });
});

describe('winter option', () => {
  it('turns the winter weeks on and off for one year, with history and the record field', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const on = await patchCustomer(id, { winterScheduleStatus: true, year: 2026 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ data: CustomerDetail }>().data.winterScheduleStatus).toEqual([{ year: 2026, status: true }]);
    const withWinter = await calendarOf(id);
    expect(withWinter.hasWinter).toBe(true);
    // Winter weeks from today on; week 1 has passed and the holiday weeks never get service.
    expect(activeWeeks(withWinter)).toEqual([...range(2, 43), ...range(46, 52)]);

    const off = await patchCustomer(id, { winterScheduleStatus: false, year: 2026 });
    expect(off.json<{ data: CustomerDetail }>().data.winterScheduleStatus).toEqual([{ year: 2026, status: false }]);
    const without = await calendarOf(id);
    expect(without.hasWinter).toBe(false);
    expect(activeWeeks(without)).toEqual(range(2, 41));

    const history = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/history`, headers });
    const descriptions = history.json<{ data: { description: string }[] }>().data.map((row) => row.description);
    expect(descriptions).toEqual(['Winter schedule 2026 off', 'Winter schedule 2026 on']);
  });

  it('plans a future year whole, winter weeks included', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    await patchCustomer(id, { winterScheduleStatus: true, year: 2027 });
    const calendar = await calendarOf(id, '?year=2027');
    expect(calendar.hasWinter).toBe(true);
    expect(weekOfCalendar(calendar, 1).customer.active).toBe(true);
  });

  it('needs the year and the option together, and changes nothing when the option is already so', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const alone = await patchCustomer(id, { winterScheduleStatus: true });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ year: ['Send the year together with the winter option'] });
    const yearOnly = await patchCustomer(id, { year: 2026 });
    expect(yearOnly.json().errors).toEqual({ winterScheduleStatus: ['Send the winter option together with the year'] });
    const same = await patchCustomer(id, { winterScheduleStatus: false, year: 2026 });
    expect(same.statusCode).toBe(200);
    const history = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/history`, headers });
    expect(history.json<{ total: number }>().total).toBe(0);
  });
});

describe('GET /api/customers/:id/calendar/activities and skipsCount', () => {
  it('lists the year by date: services, added and removed weeks, skips, write-ins and redos', async () => {
    const id = await insertPlannedRecord(t.db, { marketId });
    const change = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/customers/${id}/attributes`,
        headers,
        payload: { year: 2026, ...payload },
      });
    expect((await change({ status: 'created', week: 1 })).statusCode).toBe(200);
    expect((await change({ status: 'removed', week: 3 })).statusCode).toBe(200);
    expect((await change({ status: 'skip', week: 17, message: 'Rain' })).statusCode).toBe(200);
    expect((await change({ status: 'write', week: 17, date: '2026-06-22', message: 'Front only' })).statusCode).toBe(
      200,
    );
    expect((await change({ status: 'redo', week: 18, date: '2026-06-23' })).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${id}/calendar/activities?year=2026`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const activities = response.json<{ data: Activity[] }>().data;
    expect(activities.slice(0, 4)).toEqual([
      { workday: '2026-02-23', description: 'Service added' },
      { workday: '2026-03-02', description: 'Regular service' },
      { workday: '2026-03-09', description: 'Service removed' },
      { workday: '2026-03-16', description: 'Regular service' },
    ]);
    expect(activities.filter((a) => a.workday >= '2026-06-15' && a.workday <= '2026-06-23')).toEqual([
      { workday: '2026-06-15', description: 'Regular service' },
      { workday: '2026-06-15', description: 'Skipped: Rain' },
      { workday: '2026-06-22', description: 'Regular service' },
      { workday: '2026-06-22', description: 'Write in: Front only' },
      { workday: '2026-06-23', description: 'Redo' },
    ]);
    expect(activities.filter((a) => a.description === 'Regular service')).toHaveLength(39);

    const skips = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/skipsCount`, headers });
    expect(skips.json()).toEqual({ data: { year: 2026, count: 1 } });
    const other = await t.app.inject({ method: 'GET', url: `/api/customers/${id}/skipsCount?year=2025`, headers });
    expect(other.json()).toEqual({ data: { year: 2025, count: 0 } });
  });
});
