import {
  addDays,
  defaultSeasonWeeks,
  isHoliday,
  isoDayOfWeek,
  lastRegularWeekOf,
  mowYearStart,
  seasonStartWeekOf,
  toDayNumber,
  weekOf,
  weekRange,
  type IsoDate,
} from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties, serviceNotes } from '../../db/schema';
import { useTestContext } from '../../test/test-app';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { planPropertiesForYear, planPropertyBatch } from './schedule.planner';
import { addOverride, expectedSchedule, readSchedule, writeSchedule } from './schedule.test-fixtures';

const t = useTestContext();
/** A 53-week year whose default season runs from week 2 to week 41: 40 weeks with a service each, no holiday week. */
const YEAR = 2027;
const YEAR_START = mowYearStart(YEAR);
const SEASON = defaultSeasonWeeks(YEAR);
const SEASON_WEEKS = lastRegularWeekOf(SEASON) - seasonStartWeekOf(SEASON) + 1;
/** A re-plan in the middle of the season: dates before it have happened. */
const MID_SEASON = weekRange(YEAR, 20).start;

let marketId: number;

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Planner Market');
});

const record = (property: Parameters<typeof insertRecord>[1]['property'] = {}) =>
  insertRecord(t.db, { marketId, property });

const before = (dates: readonly IsoDate[], day: IsoDate) =>
  dates.filter((date) => toDayNumber(date) < toDayNumber(day));
const fromDay = (dates: readonly IsoDate[], day: IsoDate) =>
  dates.filter((date) => toDayNumber(date) >= toDayNumber(day));

async function updateProperty(id: number, values: Partial<typeof properties.$inferInsert>): Promise<void> {
  await t.db.update(properties).set(values).where(eq(properties.id, id));
}

describe('planPropertyBatch', () => {
  it('writes exactly the shared plan for weekly, bi-weekly, 3-weekly and drought properties', async () => {
    const weekly = await record({ weekDay: 1, srvFrequency: 1 });
    const biWeekly = await record({ weekDay: 2, srvFrequency: 2 });
    const threeWeekly = await record({ weekDay: 3, srvFrequency: 3 });
    const drought = await record({ weekDay: 5, srvFrequency: 4 });

    // Small batches, walking the cursor as the job does.
    let afterId = 0;
    let batches = 0;
    for (;;) {
      const batch = await planPropertyBatch(t.db, { year: YEAR, season: SEASON, from: YEAR_START, afterId, limit: 3 });
      if (batch.lastPropertyId === null) break;
      expect(batch.count).toBeLessThanOrEqual(3);
      afterId = batch.lastPropertyId;
      batches += 1;
    }
    expect(batches).toBe(2);

    const counts: number[] = [];
    for (const property of [weekly, biWeekly, threeWeekly, drought]) {
      const stored = await readSchedule(t.db, property.id, YEAR);
      const expected = await expectedSchedule(t.db, property.id, YEAR, SEASON);
      expect(stored).toEqual({ ...expected, hasWinter: false });
      counts.push(expected.planned.length);
    }
    // Independent of the shared rules: one service per season week, every second week, every third week.
    expect(counts.slice(0, 3)).toEqual([SEASON_WEEKS, SEASON_WEEKS / 2, Math.ceil(SEASON_WEEKS / 3)]);
    // Drought: every second week from June to September only.
    expect(counts[3]).toBeGreaterThan(SEASON_WEEKS / 2);
    expect(counts[3]).toBeLessThan(SEASON_WEEKS);
    const weeklyDates = (await readSchedule(t.db, weekly.id, YEAR))?.planned ?? [];
    expect(weeklyDates[0]).toBe(weekRange(YEAR, seasonStartWeekOf(SEASON)).start);
    // A Monday holiday (Memorial Day, July 5 2027, Labor Day...) moves the service to the Tuesday.
    const moved = weeklyDates.filter((date) => isoDayOfWeek(date) !== 1);
    expect(moved).toContain(addDays(weekRange(YEAR, 20).start, 1));
    for (const date of moved) {
      expect(isoDayOfWeek(date)).toBe(2);
      expect(isHoliday(addDays(date, -1))).toBe(true);
    }
  });

  it('writes only the rows whose dates change', async () => {
    const property = await record({ weekDay: 4, srvFrequency: 1 });
    const plan = () =>
      planPropertyBatch(t.db, { year: YEAR, season: SEASON, from: YEAR_START, afterId: 0, limit: 1000 });
    expect((await plan()).written).toBeGreaterThanOrEqual(1);
    expect((await plan()).written).toBe(0);
    await updateProperty(property.id, { weekDay: 5 });
    expect((await plan()).written).toBe(1);
  });
});

describe('planPropertiesForYear', () => {
  it('keeps the dates before the re-plan and plans the rest anew', async () => {
    const property = await record({ weekDay: 1, srvFrequency: 1 });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const first = await readSchedule(t.db, property.id, YEAR);

    await updateProperty(property.id, { weekDay: 3 });
    await planPropertiesForYear(t.db, YEAR, [property.id], MID_SEASON);
    const second = await readSchedule(t.db, property.id, YEAR);
    const wednesdays = await expectedSchedule(t.db, property.id, YEAR);

    expect(before(second?.planned ?? [], MID_SEASON)).toEqual(before(first?.planned ?? [], MID_SEASON));
    expect(fromDay(second?.planned ?? [], MID_SEASON)).toEqual(fromDay(wednesdays.planned, MID_SEASON));
    expect(second?.workdays).toEqual(second?.planned);
    expect(before(second?.planned ?? [], MID_SEASON).every((date) => isoDayOfWeek(date) <= 2)).toBe(true);
    expect(fromDay(second?.planned ?? [], MID_SEASON).every((date) => isoDayOfWeek(date) === 3)).toBe(true);
  });

  it('re-applies the weeks changed by hand after every re-plan', async () => {
    const property = await record({ weekDay: 2, srvFrequency: 2 });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const planned = (await readSchedule(t.db, property.id, YEAR))?.planned ?? [];
    const plannedWeek = weekOf(planned[3] ?? '').week;
    const emptyWeek = plannedWeek + 1;
    const addedDay = addDays(weekRange(YEAR, emptyWeek).start, 3);
    await addOverride(t.db, property.id, YEAR, { week: emptyWeek, kind: 'added', workday: addedDay });
    await addOverride(t.db, property.id, YEAR, { week: plannedWeek, kind: 'removed', workday: null });

    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const withOverrides = await readSchedule(t.db, property.id, YEAR);
    expect(withOverrides?.planned).toEqual(planned);
    expect(withOverrides?.workdays).toContain(addedDay);
    expect(withOverrides?.workdays).not.toContain(planned[3]);
    expect(withOverrides?.workdays).toHaveLength(planned.length);
    expect(withOverrides?.workdays).toEqual((await expectedSchedule(t.db, property.id, YEAR)).workdays);

    // Weekly now: the plan covers the added week too, which keeps its hand-chosen day; the removed week stays empty.
    await updateProperty(property.id, { srvFrequency: 1 });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const weekly = await readSchedule(t.db, property.id, YEAR);
    expect(weekly?.planned).toHaveLength(SEASON_WEEKS);
    expect(weekly?.workdays).toEqual((await expectedSchedule(t.db, property.id, YEAR)).workdays);
    expect(weekly?.workdays).toHaveLength(SEASON_WEEKS - 1);
    expect(weekly?.workdays.filter((date) => weekOf(date).week === emptyWeek)).toEqual([addedDay]);
    expect(weekly?.workdays.filter((date) => weekOf(date).week === plannedWeek)).toEqual([]);
  });

  it('never touches skips, write-ins and redos', async () => {
    const property = await record({ weekDay: 1, srvFrequency: 1 });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const skipped = (await readSchedule(t.db, property.id, YEAR))?.planned[5] ?? '';
    const written = addDays(skipped, 2);
    await t.db.insert(serviceNotes).values([
      {
        propertyId: property.id,
        year: YEAR,
        week: weekOf(skipped).week,
        type: 'skip',
        workday: skipped,
        message: 'Gate locked',
      },
      {
        propertyId: property.id,
        year: YEAR,
        week: weekOf(written).week,
        type: 'write',
        workday: written,
        message: 'Extra',
      },
    ]);
    const notes = () => t.db.select().from(serviceNotes).where(eq(serviceNotes.propertyId, property.id));
    const stored = await notes();

    await updateProperty(property.id, { srvFrequency: 2, weekDay: 4 });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    expect((await readSchedule(t.db, property.id, YEAR))?.planned).not.toContain(skipped);
    expect(await notes()).toEqual(stored);
  });

  it('writes nothing for a property out of service that has no schedule yet', async () => {
    const declined = await record({ status: 2 });
    const pending = await record({ statusOrders: 0 });
    const deleted = await record({ deletedAt: new Date() });
    await planPropertiesForYear(t.db, YEAR, [declined.id, pending.id, deleted.id], YEAR_START);
    for (const property of [declined, pending, deleted]) expect(await readSchedule(t.db, property.id, YEAR)).toBeNull();
  });

  it('clears the future dates of a property that stopped being served, and keeps the past ones', async () => {
    const pastCustomer = await record({ weekDay: 1, srvFrequency: 1 });
    const removed = await record({ weekDay: 2, srvFrequency: 1 });
    await planPropertiesForYear(t.db, YEAR, [pastCustomer.id, removed.id], YEAR_START);
    const plans = [await readSchedule(t.db, pastCustomer.id, YEAR), await readSchedule(t.db, removed.id, YEAR)];

    await updateProperty(pastCustomer.id, { status: 5 });
    await updateProperty(removed.id, { deletedAt: new Date() });
    await planPropertiesForYear(t.db, YEAR, [pastCustomer.id, removed.id], MID_SEASON);

    for (const [index, property] of [pastCustomer, removed].entries()) {
      const after = await readSchedule(t.db, property.id, YEAR);
      const past = before(plans[index]?.planned ?? [], MID_SEASON);
      expect(past.length).toBeGreaterThan(10);
      expect(after).toMatchObject({ planned: past, workdays: past });
    }
  });

  it('plans winter weeks only for a property with the winter option of that year', async () => {
    const property = await record({ weekDay: 1, srvFrequency: 1 });
    await writeSchedule(t.db, property.id, YEAR, { hasWinter: true });
    await planPropertiesForYear(t.db, YEAR, [property.id], YEAR_START);
    const stored = await readSchedule(t.db, property.id, YEAR);
    const winterWeeks = SEASON.filter((type) => type === 'winter').length;
    expect(stored?.hasWinter).toBe(true);
    expect(stored?.planned).toHaveLength(SEASON_WEEKS + winterWeeks);
    expect(stored?.planned).toEqual((await expectedSchedule(t.db, property.id, YEAR)).planned);
    const count = await t.db.execute<{ total: number }>(
      sql`select count(*)::int as total from property_schedules where property_id = ${property.id}`,
    );
    expect(count.rows[0]?.total).toBe(1);
  });
});
