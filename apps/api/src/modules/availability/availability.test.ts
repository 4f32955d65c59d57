import {
  AVAILABILITY_MESSAGES,
  ORDER_STATUS,
  weekOf,
  type AvailabilityUpdateInput,
  type AvailabilityWeek,
  type DayCapacity,
  type IsoDate,
  type PublicSignUpRequest,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceNotes } from '../../db/schema';
import { insertOrderMarket, NEW_ORDER_NOW, type OrderMarket } from '../../test/new-customer-fixtures';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';
import { writeSchedule } from '../schedule/schedule.test-fixtures';

/** Monday 4 May 2026: the week shown first is 4 to 10 May. */
const t = useTestContext({ clock: () => NEW_ORDER_NOW });

const MONDAY = '2026-05-04';
const TUESDAY = '2026-05-05';
const WEDNESDAY = '2026-05-06';
const THURSDAY = '2026-05-07';
const FRIDAY = '2026-05-08';
const THIS_WEEK = { start: MONDAY, end: '2026-05-10', week: weekOf(MONDAY).week };
const YEAR = weekOf(MONDAY).year;

let market: OrderMarket;
let otherMarketId: number;
let admin: Record<string, string>;

beforeAll(async () => {
  market = await insertOrderMarket(t, 'Availability market');
  otherMarketId = await insertMarket(t.db, 'Availability elsewhere');
  admin = await t.authHeaders(await t.createUser({ role: 'Admin' }));
});

/** A property of `marketId` mowed on `days`, with `status_orders` and `deleted` as given. */
async function propertyMowedOn(marketId: number, days: IsoDate[], property: Record<string, unknown> = {}) {
  const { id } = await insertRecord(t.db, { marketId, property });
  await writeSchedule(t.db, id, YEAR, { planned: days });
  return id;
}

async function serviceNote(propertyId: number, type: 'skip' | 'write' | 'redo', workday: IsoDate) {
  await t.db.insert(serviceNotes).values({ propertyId, year: YEAR, week: weekOf(workday).week, type, workday });
}

const weekUrl = (marketId: number) => `/api/mow-availabilities/markets/${marketId}/week`;
const weekQuery = `start=${THIS_WEEK.start}&end=${THIS_WEEK.end}&week=${THIS_WEEK.week}`;

async function readWeek(marketId: number, headers = admin): Promise<AvailabilityWeek> {
  const response = await t.app.inject({ url: `${weekUrl(marketId)}?${weekQuery}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AvailabilityWeek }>().data;
}

function update(version: number, change: Partial<AvailabilityUpdateInput> = {}): AvailabilityUpdateInput {
  return {
    version,
    slots: '40',
    isLock: 0,
    lockDayHourly: '',
    lockHoursRange: { start: '', end: '' },
    timeZone: 'America/Chicago',
    week: { ...THIS_WEEK, weekdays: [TUESDAY] },
    ...change,
  };
}

const put = (marketId: number, body: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: weekUrl(marketId), headers, payload: body as Record<string, unknown> });

describe('scheduled mows', () => {
  it('are counted from the schedules of the market: a skip out, a write-in and a redo in', async () => {
    const marketId = await insertMarket(t.db, 'Counted market');
    await propertyMowedOn(marketId, [TUESDAY]);
    const skipped = await propertyMowedOn(marketId, [TUESDAY]);
    await serviceNote(skipped, 'skip', TUESDAY);
    // Planned on Thursday, written in on Tuesday of the same week: it moves to Tuesday.
    const writtenIn = await propertyMowedOn(marketId, [THURSDAY]);
    await serviceNote(writtenIn, 'write', TUESDAY);
    const redone = await propertyMowedOn(marketId, [MONDAY]);
    await serviceNote(redone, 'redo', TUESDAY);
    // Not counted: another market, a rejected order, a deleted record.
    await propertyMowedOn(otherMarketId, [TUESDAY]);
    await propertyMowedOn(marketId, [TUESDAY], { statusOrders: ORDER_STATUS.rejected });
    await propertyMowedOn(marketId, [TUESDAY], { deletedAt: new Date() });

    const week = await readWeek(marketId);
    expect(week.weekdays.map((day) => [day.smallName, day.used, day.slots])).toEqual([
      ['Mon', 1, null],
      ['Tue', 3, null],
      ['Wed', 0, null],
      ['Thu', 0, null],
      ['Fri', 0, null],
      ['Sat', 0, 0],
      ['Sun', 0, 0],
    ]);
  });
});

describe('GET /api/mow-availabilities/markets/:marketId/slots', () => {
  it('answers 8 weeks from this week with their filter, for every office role', async () => {
    const headers = await t.authHeaders(await t.createUser({ role: 'Representative' }));
    const response = await t.app.inject({ url: `/api/mow-availabilities/markets/${market.marketId}/slots`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ weeksFilter: { start: string }[]; data: AvailabilityWeek[] }>();
    expect(body.weeksFilter).toHaveLength(8);
    expect(body.weeksFilter[0]).toEqual(THIS_WEEK);
    expect(body.data[1]?.start).toBe('2026-05-11');
    expect(body.data[0]?.weekdays.map((day) => day.status)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'open',
      'weekend',
      'weekend',
    ]);
  });

  it('refuses crew, customers and the signed-out, and a market that does not exist', async () => {
    const url = `/api/mow-availabilities/markets/${market.marketId}/slots`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const role of ['crew', 'customers'] as const) {
      const headers = await t.authHeaders(await t.createUser({ role }));
      expect((await t.app.inject({ url, headers })).statusCode).toBe(403);
    }
    const missing = await t.app.inject({ url: '/api/mow-availabilities/markets/2000000/slots', headers: admin });
    expect(missing.statusCode).toBe(404);
    const tooMany = await t.app.inject({ url: `${url}?weeks=27`, headers: admin });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.weeks).toEqual([AVAILABILITY_MESSAGES.weeksRange]);
  });
});

describe('PUT /api/mow-availabilities/markets/:marketId/week', () => {
  it('sets 40 mows on Tuesday and locks Friday afternoon, each change moving the week version', async () => {
    const marketId = await insertMarket(t.db, 'Edited market');
    const before = await readWeek(marketId);
    expect(before.version).toBe(0);
    const first = await put(marketId, update(before.version));
    expect(first.statusCode).toBe(200);
    const afterSlots = first.json<{ data: AvailabilityWeek }>().data;
    expect(afterSlots.weekdays[1]).toMatchObject({ date: TUESDAY, slots: 40, lock: 0 });
    const locked = await put(
      marketId,
      update(afterSlots.version, {
        slots: '25',
        isLock: 1,
        lockDayHourly: '1',
        lockHoursRange: { start: '12:00', end: '18:00' },
        week: { ...THIS_WEEK, weekdays: [FRIDAY] },
      }),
    );
    expect(locked.statusCode).toBe(200);
    const week = await readWeek(marketId);
    expect(week.weekdays[1]).toMatchObject({ slots: 40 });
    expect(week.weekdays[4]).toMatchObject({
      date: FRIDAY,
      slots: 25,
      lock: 1,
      lockDayHourly: '1',
      lockStartHour: '12:00',
      lockEndHour: '18:00',
      timeZone: 'America/Chicago',
      // An hour-range lock keeps the day open for a start date.
      status: 'open',
    });
    expect(week.version).toBeGreaterThan(afterSlots.version);
  });

  it('answers 409 to an update of a week changed since it was read, changing nothing', async () => {
    const marketId = await insertMarket(t.db, 'Raced market');
    await put(marketId, update(0));
    const stale = await put(marketId, update(0, { slots: '5' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(AVAILABILITY_MESSAGES.weekChanged);
    expect((await readWeek(marketId)).weekdays[1]?.slots).toBe(40);
  });

  it('locks a day all day, which closes it for a start date', async () => {
    const marketId = await insertMarket(t.db, 'Locked market');
    const response = await put(
      marketId,
      update(0, { isLock: 1, lockDayHourly: '0', week: { ...THIS_WEEK, weekdays: [WEDNESDAY] } }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: AvailabilityWeek }>().data.weekdays[2]).toMatchObject({
      lock: 1,
      lockDayHourly: '0',
      status: 'locked',
    });
  });

  it('answers each rule’s message with 400', async () => {
    const cases: [Partial<AvailabilityUpdateInput>, string, string][] = [
      [{ slots: 'forty' }, 'slots', AVAILABILITY_MESSAGES.slotsNumber],
      [{ week: { ...THIS_WEEK, weekdays: [] } }, 'week.weekdays', AVAILABILITY_MESSAGES.daysRequired],
      [{ isLock: 1, lockDayHourly: '1' }, 'lockHoursRange.start', AVAILABILITY_MESSAGES.startRequired],
      [
        { isLock: 1, lockDayHourly: '1', lockHoursRange: { start: '09:00', end: '' } },
        'lockHoursRange.end',
        AVAILABILITY_MESSAGES.endRequired,
      ],
      [{ week: { ...THIS_WEEK, week: 3, weekdays: [TUESDAY] } }, 'week.start', AVAILABILITY_MESSAGES.weekInvalid],
    ];
    for (const [change, field, message] of cases) {
      const response = await put(market.marketId, update(0, change));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const unstorable = await put(market.marketId, { ...update(0), timeZone: 'America/Chicago\u0000' });
    expect(unstorable.statusCode).toBe(400);
    const huge = await put(market.marketId, update(0, { slots: '99999999999999999999' }));
    expect(huge.statusCode).toBe(400);
  });

  it('is for Admin and Manager only', async () => {
    for (const role of ['Representative', 'customer-service'] as const) {
      const headers = await t.authHeaders(await t.createUser({ role }));
      expect((await put(market.marketId, update(0), headers)).statusCode).toBe(403);
    }
    const manager = await t.authHeaders(await t.createUser({ role: 'Manager' }));
    const marketId = await insertMarket(t.db, 'Managed market');
    expect((await put(marketId, update(0), manager)).statusCode).toBe(200);
  });
});

describe('capacity', () => {
  it('says a day whose scheduled mows reached its max is full, with the numbers for the office', async () => {
    const marketId = await insertMarket(t.db, 'Full market');
    await propertyMowedOn(marketId, [THURSDAY]);
    await propertyMowedOn(marketId, [THURSDAY]);
    await put(marketId, update(0, { slots: '2', week: { ...THIS_WEEK, weekdays: [THURSDAY, FRIDAY] } }));
    const response = await t.app.inject({
      url: `/api/mow-availabilities/markets/${marketId}/capacity?from=${THURSDAY}&to=${FRIDAY}`,
      headers: admin,
    });
    expect(response.json<{ data: DayCapacity[] }>().data).toEqual([
      { date: THURSDAY, slots: 2, scheduled: 2, remaining: 0, status: 'full' },
      { date: FRIDAY, slots: 2, scheduled: 0, remaining: 2, status: 'open' },
    ]);
    const tooLong = await t.app.inject({
      url: `/api/mow-availabilities/markets/${marketId}/capacity?from=2026-05-01&to=2026-09-01`,
      headers: admin,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

/** A public sign-up of the order market starting on `serviceDate`, from its own address. */
let address = 0;
function signUp(serviceDate: IsoDate) {
  address += 1;
  const body: PublicSignUpRequest = {
    order: market.order({ serviceDate, payment: market.checkPayment() }),
    signUp: {
      scheduleService: 'scheduled',
      isItLocked: '',
      isBackyardComboLock: '',
      isLineTrimBeds: '',
      isFlowerBedsDamage: '',
      isPetNoTrouble: '',
      disclaimerFencePlastic: '',
      disclaimerAboveGroundPool: '',
      disclaimerTrampoline: '',
      isFlowerBedCleaning: false,
      isBushTrimming: false,
    },
  };
  return t.app.inject({
    method: 'POST',
    url: '/api/web/customers',
    remoteAddress: `10.8.0.${address}`,
    headers: { 'Idempotency-Key': `race-${address}` },
    payload: body as unknown as Record<string, unknown>,
  });
}

describe('the start date of a new order', () => {
  it('is told to the public sign-up by status only, for the market of a served zip', async () => {
    await put(market.marketId, update(0, { slots: '0', week: { ...THIS_WEEK, weekdays: [THURSDAY] } }));
    const response = await t.app.inject({ url: `/api/web/start-days?zipcode=75201&from=${THURSDAY}&to=2026-05-09` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { date: THURSDAY, status: 'full' },
      { date: FRIDAY, status: 'open' },
      { date: '2026-05-09', status: 'weekend' },
    ]);
    const unserved = await t.app.inject({ url: `/api/web/start-days?zipcode=99999&from=${THURSDAY}&to=${FRIDAY}` });
    expect(unserved.statusCode).toBeGreaterThanOrEqual(400);
    expect(unserved.statusCode).toBeLessThan(500);
    const bad = await t.app.inject({ url: `/api/web/start-days?zipcode=7520&from=${THURSDAY}&to=${FRIDAY}` });
    expect(bad.statusCode).toBe(400);
  });

  it('goes to one of two sign-ups racing for the last mow of a day; the other is offered the next free days', async () => {
    const version = (await readWeek(market.marketId)).version;
    const set = await put(
      market.marketId,
      update(version, { slots: '1', week: { ...THIS_WEEK, weekdays: [WEDNESDAY] } }),
    );
    expect(set.statusCode).toBe(200);
    const answers = await Promise.all([signUp(WEDNESDAY), signUp(WEDNESDAY)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)?.json();
    expect(refused.errors.serviceDate[0]).toContain(AVAILABILITY_MESSAGES.dayFull);
    // Thursday has 0 mows: the next free days are Friday and the next week's first days.
    expect(refused.freeDays).toEqual([FRIDAY, '2026-05-11', '2026-05-12']);
    const week = await readWeek(market.marketId);
    expect(week.weekdays[2]).toMatchObject({ used: 1, slots: 1, status: 'full' });
  });
});
