import { mowYearStart, ORDER_STATUS, type CustomerListRow, type Page } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMarket } from '../../test/record-fixtures';
import { planPropertiesForYear } from '../schedule/schedule.service';
import { useRecordEditing } from './customers.test-fixtures';

/**
 * The week look-up's total comes from the maintained week counts (customer_list_week_counts): after every kind of
 * write that changes a property's service weeks or what the list counts it under, the counts equal a recount from the
 * rows and the total equals the matching rows. Today is Wednesday 2026-06-10, week 16 of mow year 2026; a weekly
 * Monday property joined in 2025 is served in weeks 2-41.
 */
const records = useRecordEditing({ clock: () => new Date('2026-06-10T15:00:00Z'), editor: { role: 'Admin' } });
const { t, patch } = records;

/** A weekly Monday record of its own market, planned for all of 2026 as processing plans it. */
async function plannedRecord(marketId: number, property: { statusOrders?: number } = {}): Promise<number> {
  const { id } = await records.insertRecord({ marketId, property: { joinDate: '2025-04-01', ...property } });
  await planPropertiesForYear(t.db, 2026, [id], mowYearStart(2026));
  return id;
}

type CountRow = { year: number; week_start: string; market_id: number; status: number; status_orders: number };
const maintainedCounts = async () =>
  (
    await t.db.execute<CountRow & { total: number }>(sql`
      select year, week_start::text as week_start, market_id, status, status_orders, total::int as total
      from customer_list_week_counts where total <> 0 order by 1, 2, 3, 4, 5`)
  ).rows;

/** The maintained counts are exactly what a recount of every schedule and property gives. */
async function expectCountsExact(): Promise<void> {
  const maintained = await maintainedCounts();
  await t.db.execute(sql`select customer_list_week_counts_rebuild()`);
  expect(maintained).toEqual(await maintainedCounts());
}

/** GET /api/customers's week look-up in a market: its total (from the counts) and its rows (from the schedules). */
async function weekLookup(marketId: number, week: number, filters = ''): Promise<{ total: number; ids: number[] }> {
  const response = await t.app.inject({
    url: `/api/customers?filter[market]=${marketId}&filter[week]=${week}&filter[year]=2026${filters}`,
    headers: records.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<Page<CustomerListRow>>();
  return { total: page.total, ids: page.data.map((row) => row.id).sort((a, b) => a - b) };
}

const changeWeek = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/customers/${id}/attributes`,
    headers: records.headers,
    payload: { year: 2026, ...payload },
  });

describe('the week look-up total (maintained week counts)', () => {
  it('counts what processing plans: each live, listed property once per service week', async () => {
    const marketId = await insertMarket(t.db, 'Processed town');
    const first = await plannedRecord(marketId);
    const second = await plannedRecord(marketId);
    const pending = await plannedRecord(marketId, { statusOrders: ORDER_STATUS.pending });
    expect(await weekLookup(marketId, 17)).toEqual({ total: 2, ids: [first, second] });
    // A pending order is not in service: no weeks, in any order status.
    expect(await weekLookup(marketId, 17, '&filter[statusOrders]=')).toEqual({ total: 2, ids: [first, second] });
    await t.db.execute(sql`update properties set status_orders = ${ORDER_STATUS.approved} where id = ${pending}`);
    await planPropertiesForYear(t.db, 2026, [pending], mowYearStart(2026));
    expect((await weekLookup(marketId, 17)).total).toBe(3);
    expect(await weekLookup(marketId, 45)).toEqual({ total: 0, ids: [] });
    // Planning again without a change writes nothing and counts nothing twice.
    await planPropertiesForYear(t.db, 2026, [first, second], mowYearStart(2026));
    expect((await weekLookup(marketId, 17)).total).toBe(3);
    await expectCountsExact();
  });

  it('follows the weeks taken out and added back by hand; skips and write-ins leave them', async () => {
    const marketId = await insertMarket(t.db, 'Override town');
    const id = await plannedRecord(marketId);
    const removed = await changeWeek(id, { status: 'removed', week: 20 });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await weekLookup(marketId, 20)).toEqual({ total: 0, ids: [] });
    await expectCountsExact();

    const added = await changeWeek(id, { status: 'created', week: 20 });
    expect(added.statusCode, added.body).toBe(200);
    expect(await weekLookup(marketId, 20)).toEqual({ total: 1, ids: [id] });
    // A week the plan leaves empty (after the season) gets its service by hand.
    const extra = await changeWeek(id, { status: 'created', week: 44 });
    expect(extra.statusCode, extra.body).toBe(200);
    expect(await weekLookup(marketId, 44)).toEqual({ total: 1, ids: [id] });

    const skipped = await changeWeek(id, { status: 'skip', week: 18, message: 'Rain' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const written = await changeWeek(id, { status: 'write', week: 19, date: '2026-06-30' });
    expect(written.statusCode, written.body).toBe(200);
    expect(await weekLookup(marketId, 18)).toEqual({ total: 1, ids: [id] });
    expect(await weekLookup(marketId, 19)).toEqual({ total: 1, ids: [id] });
    await expectCountsExact();
  });

  it('follows a re-plan: every other week after a change to bi-weekly', async () => {
    const marketId = await insertMarket(t.db, 'Replan town');
    const id = await plannedRecord(marketId);
    const saved = await patch(id, { srvFrecuency: 2, base: { srvFrecuency: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const totals = [];
    for (const week of [20, 21, 22, 23]) totals.push((await weekLookup(marketId, week)).total);
    expect(totals.sort()).toEqual([0, 0, 1, 1]);
    await expectCountsExact();
  });

  it("moves a property's weeks with its market, status and order status, its deletion and its restoring", async () => {
    const marketId = await insertMarket(t.db, 'Moving town');
    const otherMarket = await insertMarket(t.db, 'Moved-to town');
    const id = await plannedRecord(marketId);
    const kept = await plannedRecord(marketId);
    const update = async (set: ReturnType<typeof sql>) => {
      await t.db.execute(sql`update properties set ${set} where id = ${id}`);
      await expectCountsExact();
    };

    await update(sql`market_id = ${otherMarket}`);
    expect(await weekLookup(marketId, 17)).toEqual({ total: 1, ids: [kept] });
    expect(await weekLookup(otherMarket, 17)).toEqual({ total: 1, ids: [id] });
    await update(sql`status = 2`);
    expect(await weekLookup(otherMarket, 17)).toEqual({ total: 0, ids: [] });
    expect((await weekLookup(otherMarket, 17, '&filter[status]=2')).total).toBe(1);
    await update(sql`status = 1, status_orders = ${ORDER_STATUS.pending}`);
    expect((await weekLookup(otherMarket, 17, '&filter[statusOrders]=0')).total).toBe(1);
    await update(sql`status_orders = ${ORDER_STATUS.approved}, deleted_at = now()`);
    expect((await weekLookup(otherMarket, 17, '&filter[statusOrders]=&filter[status]=')).total).toBe(0);
    await update(sql`deleted_at = null`);
    expect(await weekLookup(otherMarket, 17)).toEqual({ total: 1, ids: [id] });
    // Edits that change none of them write nothing.
    const before = await maintainedCounts();
    await update(sql`crew = 7`);
    expect(await maintainedCounts()).toEqual(before);
  });

  it('takes out the weeks of a schedule or a property removed for good, and clears with a truncate', async () => {
    const marketId = await insertMarket(t.db, 'Removal town');
    const id = await plannedRecord(marketId);
    const other = await plannedRecord(marketId);
    await t.db.execute(sql`delete from property_schedules where property_id = ${id}`);
    expect(await weekLookup(marketId, 17)).toEqual({ total: 1, ids: [other] });
    await expectCountsExact();
    await t.db.execute(sql`delete from properties where id = ${other}`);
    expect(await weekLookup(marketId, 17)).toEqual({ total: 0, ids: [] });
    await expectCountsExact();

    await plannedRecord(marketId);
    await t.db.execute(sql`truncate property_schedules`);
    expect(await maintainedCounts()).toEqual([]);
    expect(await weekLookup(marketId, 17)).toEqual({ total: 0, ids: [] });
  });
});
