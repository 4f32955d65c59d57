import { IN_SERVICE_STATUSES, mowYearStart, ORDER_STATUS, type IsoDate } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { insertMarket } from '../../test/record-fixtures';
import { useRecordEditing } from '../customers/customers.test-fixtures';
import { planPropertiesForYear, scheduledServices } from '../schedule/schedule.service';
import { countScheduled } from './availability.repo';

/**
 * The scheduled mows the availability reads are kept per market-day as properties, schedules and service notes are
 * written; after every kind of write they equal a recount from the rows. Today is Wednesday 2026-06-10 (week 16 of mow
 * year 2026); a weekly Monday property joined in 2025 is served on the Mondays of weeks 2-41.
 */
const records = useRecordEditing({ clock: () => new Date('2026-06-10T15:00:00Z'), editor: { role: 'Admin' } });
const { t, patch } = records;

const SEASON = { from: '2026-03-01', to: '2026-12-31' } satisfies { from: IsoDate; to: IsoDate };

/**
 * The scheduled mows of a market's days counted from the rows themselves, as the availability once counted them: the
 * schedule's services, the redos and a pending order's start date, of live properties in service whose order was not
 * rejected, a property once a day.
 */
async function recount(db: Executor, marketId: number): Promise<Map<IsoDate, number>> {
  const services = scheduledServices(SEASON);
  if (!services) throw new Error('no days');
  const result = await db.execute<{ day: IsoDate; scheduled: number }>(sql`
    select s.day::text as day, count(distinct s.property_id)::int as scheduled
    from (
      select ss.property_id, ss.day from ${services} ss
      union all
      select n.property_id, n.workday from service_notes n
      where n.type = 'redo' and n.workday between ${SEASON.from}::date and ${SEASON.to}::date
      union all
      select o.id, o.service_date from properties o
      where o.market_id = ${marketId} and o.status_orders = ${ORDER_STATUS.pending}
        and o.service_date between ${SEASON.from}::date and ${SEASON.to}::date
    ) s
    join properties p on p.id = s.property_id
    where p.market_id = ${marketId} and p.deleted_at is null and p.status_orders <> ${ORDER_STATUS.rejected}
      and p.status = any(${sql.param([...IN_SERVICE_STATUSES])}::smallint[])
    group by s.day`);
  return new Map(result.rows.map((row) => [row.day, row.scheduled]));
}

const sorted = (counts: Map<IsoDate, number>) => [...counts].sort(([a], [b]) => a.localeCompare(b));

/** The kept counts of every market equal the recount, and rebuilding them from the rows changes nothing. */
async function expectCountsExact(marketIds: number[]): Promise<void> {
  for (const marketId of marketIds) {
    expect(sorted(await countScheduled(t.db, marketId, SEASON.from, SEASON.to)), `market ${marketId}`).toEqual(
      sorted(await recount(t.db, marketId)),
    );
  }
  const kept = await t.db.execute(sql`select market_id, day::text, scheduled from mow_scheduled_counts
    where scheduled <> 0 order by 1, 2`);
  await t.db.execute(sql`select mow_scheduled_counts_rebuild()`);
  const rebuilt = await t.db.execute(sql`select market_id, day::text, scheduled from mow_scheduled_counts
    where scheduled <> 0 order by 1, 2`);
  expect(kept.rows).toEqual(rebuilt.rows);
}

/** A weekly Monday record of `marketId`, planned for all of 2026 as processing plans it. */
async function plannedRecord(marketId: number, property: Record<string, unknown> = {}): Promise<number> {
  const { id } = await records.insertRecord({ marketId, property: { joinDate: '2025-04-01', ...property } });
  await planPropertiesForYear(t.db, 2026, [id], mowYearStart(2026));
  return id;
}

/** A change of one week of the record's calendar (skip, write-in, redo, a week added or removed) through the API. */
async function changeWeek(id: number, payload: Record<string, unknown>): Promise<void> {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/attributes`,
    headers: records.headers,
    payload: { year: 2026, ...payload },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const setProperty = (id: number, set: ReturnType<typeof sql>) =>
  t.db.execute(sql`update properties set ${set} where id = ${id}`);

describe('the kept scheduled mows of each market-day', () => {
  it('equal a recount from the rows after every kind of write', async () => {
    const marketId = await insertMarket(t.db, 'Counted town');
    const otherMarket = await insertMarket(t.db, 'Other counted town');
    const markets = [marketId, otherMarket];
    const weekly = await plannedRecord(marketId);
    const changing = await plannedRecord(marketId);
    const moving = await plannedRecord(marketId);
    await expectCountsExact(markets);
    expect((await countScheduled(t.db, marketId, '2026-06-15', '2026-06-15')).get('2026-06-15')).toBe(3);

    // Skip, write-in (a week moved to another day) and redo, through the calendar.
    await changeWeek(weekly, { status: 'skip', week: 18, message: 'Rain' });
    await changeWeek(weekly, { status: 'write', week: 19, date: '2026-06-30' });
    await changeWeek(weekly, { status: 'redo', week: 20, date: '2026-07-08' });
    // A redo on a day the property is mowed anyway counts it once.
    await changeWeek(changing, { status: 'redo', week: 20, date: '2026-07-06' });
    await changeWeek(changing, { status: 'removed', week: 21 });
    await changeWeek(changing, { status: 'created', week: 44 });
    await expectCountsExact(markets);
    const july = await countScheduled(t.db, marketId, '2026-07-06', '2026-07-08');
    expect(sorted(july)).toEqual([
      ['2026-07-06', 3],
      ['2026-07-08', 1],
    ]);

    // A schedule change: every other week after a change to bi-weekly, re-planned in the same transaction.
    const saved = await patch(changing, { srvFrecuency: 2, base: { srvFrecuency: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    await expectCountsExact(markets);

    // Market change, crew change (which counts nothing), cancellation, a rejected order, deletion and restoring.
    await setProperty(moving, sql`market_id = ${otherMarket}`);
    await expectCountsExact(markets);
    const before = await t.db.execute(sql`select * from mow_scheduled_counts order by 1, 2`);
    await setProperty(moving, sql`crew = 7`);
    expect((await t.db.execute(sql`select * from mow_scheduled_counts order by 1, 2`)).rows).toEqual(before.rows);
    await setProperty(weekly, sql`status = 5`);
    await expectCountsExact(markets);
    await setProperty(weekly, sql`status = 1, status_orders = ${ORDER_STATUS.rejected}`);
    await expectCountsExact(markets);
    await setProperty(weekly, sql`status_orders = ${ORDER_STATUS.approved}, deleted_at = now()`);
    await expectCountsExact(markets);
    await setProperty(weekly, sql`deleted_at = null`);
    await expectCountsExact(markets);

    // A new order's start date counts while it is pending; a note edited, a note and a property removed for good.
    await plannedRecord(marketId, { statusOrders: ORDER_STATUS.pending, serviceDate: '2026-06-17' });
    expect((await countScheduled(t.db, marketId, '2026-06-17', '2026-06-17')).get('2026-06-17')).toBe(1);
    await t.db.execute(
      sql`update service_notes set workday = '2026-07-09' where property_id = ${weekly} and type = 'redo'`,
    );
    await t.db.execute(sql`delete from service_notes where property_id = ${weekly} and type = 'skip'`);
    await t.db.execute(sql`delete from properties where id = ${changing}`);
    await expectCountsExact(markets);
  });

  it('are rebuilt from the rows after a truncate of the schedules', async () => {
    const marketId = await insertMarket(t.db, 'Truncated town');
    await plannedRecord(marketId, { statusOrders: ORDER_STATUS.pending, serviceDate: '2026-06-18' });
    await plannedRecord(marketId);
    await t.db.execute(sql`truncate property_schedules`);
    expect(sorted(await countScheduled(t.db, marketId, SEASON.from, SEASON.to))).toEqual([['2026-06-18', 1]]);
    await expectCountsExact([marketId]);
  });
});
