import {
  CUSTOMER_STATUS,
  INVOICE_STATUS,
  ORDER_STATUS,
  type DashboardResponse,
  type MarketDashboard,
} from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, mowAvailabilities, properties } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

/** Wednesday 6 May 2026, 10:00 in Chicago: the mow week runs from Monday 4 to Sunday 10 May. */
const NOW = new Date('2026-05-06T15:00:00Z');
const t = useTestContext({ clock: () => NOW });

let admin: Record<string, string>;

beforeAll(async () => {
  admin = await t.authHeaders(await t.createUser({ role: 'Admin' }));
});

async function dashboard(marketId: number, headers = admin): Promise<MarketDashboard> {
  const response = await t.app.inject({ url: `/api/dashboard?market=${marketId}`, headers });
  expect(response.statusCode).toBe(200);
  const [market] = response.json<DashboardResponse>().data;
  if (!market) throw new Error('no market in the answer');
  return market;
}

/** A live, approved, active property of the market created at `createdAt`. */
async function propertyCreatedAt(marketId: number, createdAt: string, property: Record<string, unknown> = {}) {
  const { id } = await insertRecord(t.db, { marketId, property: { createdAt: new Date(createdAt), ...property } });
  return id;
}

let invoiceWeek = 0;
async function invoice(propertyId: number, total: number, status: number, chargedAt: string | null) {
  invoiceWeek += 1;
  const [row] = await t.db
    .insert(invoices)
    .values({
      propertyId,
      year: 2026,
      week: invoiceWeek,
      serviceDate: '2026-05-01',
      billingDate: '2026-05-04',
      subtotal: total,
      total,
      status,
      chargedAt: chargedAt === null ? null : new Date(chargedAt),
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice not inserted');
  return row.id;
}

describe('GET /api/dashboard: signups', () => {
  it('counts the live records created on each day of the market’s zone, and this week’s', async () => {
    const marketId = await insertMarket(t.db, 'Signups market');
    const elsewhere = await insertMarket(t.db, 'Signups elsewhere');
    await propertyCreatedAt(marketId, '2026-05-06T14:00:00Z'); // today, 9:00 in Chicago
    await propertyCreatedAt(marketId, '2026-05-06T06:00:00Z'); // today, 1:00 in Chicago
    await propertyCreatedAt(marketId, '2026-05-06T04:30:00Z'); // still yesterday in Chicago (23:30)
    await propertyCreatedAt(marketId, '2026-05-04T16:00:00Z'); // Monday
    await propertyCreatedAt(marketId, '2026-05-01T16:00:00Z'); // last Friday: the chart, not the week
    await propertyCreatedAt(marketId, '2026-04-20T16:00:00Z'); // before the chart's days
    await propertyCreatedAt(marketId, '2026-05-06T14:00:00Z', { deletedAt: new Date('2026-05-06T14:30:00Z') });
    await propertyCreatedAt(elsewhere, '2026-05-06T14:00:00Z');

    const market = await dashboard(marketId);

    expect(market.today).toBe('2026-05-06');
    expect(market.dayNewSignups).toEqual([
      { date: '2026-04-30', count: 0 },
      { date: '2026-05-01', count: 1 },
      { date: '2026-05-02', count: 0 },
      { date: '2026-05-03', count: 0 },
      { date: '2026-05-04', count: 1 },
      { date: '2026-05-05', count: 1 },
      { date: '2026-05-06', count: 2 },
    ]);
    expect(market.weeklySignups).toEqual({ week: expect.any(Number) as number, count: 4 });
  });

  it('takes a record back off its day when it is deleted, and moves it with its market', async () => {
    const marketId = await insertMarket(t.db, 'Signups moved from');
    const otherId = await insertMarket(t.db, 'Signups moved to');
    const deleted = await propertyCreatedAt(marketId, '2026-05-06T14:00:00Z');
    const moved = await propertyCreatedAt(marketId, '2026-05-06T14:00:00Z');
    await propertyCreatedAt(marketId, '2026-05-06T14:00:00Z');

    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, deleted));
    await t.db.update(properties).set({ marketId: otherId }).where(eq(properties.id, moved));

    expect((await dashboard(marketId)).dayNewSignups.at(-1)).toEqual({ date: '2026-05-06', count: 1 });
    expect((await dashboard(otherId)).dayNewSignups.at(-1)).toEqual({ date: '2026-05-06', count: 1 });
  });
});

describe('GET /api/dashboard: revenue', () => {
  it('sums the paid invoices by the day they were charged, today and over the week', async () => {
    const marketId = await insertMarket(t.db, 'Revenue market');
    const elsewhere = await insertMarket(t.db, 'Revenue elsewhere');
    const property = await propertyCreatedAt(marketId, '2026-04-01T16:00:00Z');
    const other = await propertyCreatedAt(elsewhere, '2026-04-01T16:00:00Z');
    await invoice(property, 37.89, INVOICE_STATUS.paid, '2026-05-06T13:00:00Z');
    await invoice(property, 40.1, INVOICE_STATUS.paid, '2026-05-06T16:00:00Z');
    await invoice(property, 25, INVOICE_STATUS.paid, '2026-05-04T16:00:00Z');
    await invoice(property, 99, INVOICE_STATUS.declined, '2026-05-06T13:00:00Z');
    await invoice(property, 98, INVOICE_STATUS.pending, null);
    const refunded = await invoice(property, 50, INVOICE_STATUS.paid, '2026-05-05T16:00:00Z');
    await invoice(other, 70, INVOICE_STATUS.paid, '2026-05-06T13:00:00Z');
    await t.db.update(invoices).set({ status: INVOICE_STATUS.refunded }).where(eq(invoices.id, refunded));

    const market = await dashboard(marketId);

    expect(market.dailyRevenue).toEqual({ date: '2026-05-06', amount: 77.99 });
    expect(market.overWeekRevenue.days).toEqual([
      { date: '2026-05-04', amount: 25 },
      { date: '2026-05-05', amount: 0 },
      { date: '2026-05-06', amount: 77.99 },
      { date: '2026-05-07', amount: 0 },
      { date: '2026-05-08', amount: 0 },
      { date: '2026-05-09', amount: 0 },
      { date: '2026-05-10', amount: 0 },
    ]);
  });

  it('counts a declined invoice once a retry is paid', async () => {
    const marketId = await insertMarket(t.db, 'Revenue retried');
    const property = await propertyCreatedAt(marketId, '2026-04-01T16:00:00Z');
    const retried = await invoice(property, 30, INVOICE_STATUS.declined, null);
    expect((await dashboard(marketId)).dailyRevenue.amount).toBe(0);

    await t.db
      .update(invoices)
      .set({ status: INVOICE_STATUS.paid, chargedAt: new Date('2026-05-06T15:00:00Z') })
      .where(eq(invoices.id, retried));

    expect((await dashboard(marketId)).dailyRevenue.amount).toBe(30);
  });
});

describe('GET /api/dashboard: active customers', () => {
  it('counts the live active customers with an approved order, as the kept count and a scan agree', async () => {
    const marketId = await insertMarket(t.db, 'Active market');
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) ids.push(await propertyCreatedAt(marketId, '2026-04-01T16:00:00Z'));
    await propertyCreatedAt(marketId, '2026-04-01T16:00:00Z', { statusOrders: ORDER_STATUS.pending });
    await propertyCreatedAt(marketId, '2026-04-01T16:00:00Z', { status: CUSTOMER_STATUS.pastCustomer });
    await t.db
      .update(properties)
      .set({ status: CUSTOMER_STATUS.cardDeclined })
      .where(eq(properties.id, ids[0] ?? 0));
    await t.db
      .update(properties)
      .set({ deletedAt: new Date() })
      .where(eq(properties.id, ids[1] ?? 0));

    const market = await dashboard(marketId);

    const scanned = await t.db.execute<{ count: number }>(sql`
      select count(*)::int as count from properties
      where market_id = ${marketId} and deleted_at is null and status = 1 and status_orders = 1`);
    expect(market.totalActiveCustomer.count).toBe(3);
    expect(market.totalActiveCustomer.count).toBe(scanned.rows[0]?.count);
  });
});

describe('GET /api/dashboard: mowing capacity', () => {
  it('shows today and the next weekdays: max mows, scheduled, the share filled; and today’s total', async () => {
    const marketId = await insertMarket(t.db, 'Capacity market');
    await t.db.insert(mowAvailabilities).values([
      { marketId, day: '2026-05-06', slots: 20 },
      { marketId, day: '2026-05-07', slots: 4 },
    ]);
    const pendingOn = (serviceDate: string) =>
      propertyCreatedAt(marketId, '2026-05-01T16:00:00Z', { statusOrders: ORDER_STATUS.pending, serviceDate });
    for (let index = 0; index < 17; index += 1) await pendingOn('2026-05-06');
    for (let index = 0; index < 2; index += 1) await pendingOn('2026-05-07');
    await pendingOn('2026-05-08');

    const market = await dashboard(marketId);

    expect(market.mowingCapacity).toEqual([
      { date: '2026-05-06', capacity: 20, schedule: 17, progress: 85, status: 'open' },
      { date: '2026-05-07', capacity: 4, schedule: 2, progress: 50, status: 'open' },
      { date: '2026-05-08', capacity: null, schedule: 1, progress: null, status: 'open' },
      { date: '2026-05-11', capacity: null, schedule: 0, progress: null, status: 'open' },
      { date: '2026-05-12', capacity: null, schedule: 0, progress: null, status: 'open' },
    ]);
    expect(market.totalScheduleNow).toEqual({ count: 17 });
  });
});

describe('GET /api/dashboard: who reads it', () => {
  it.each(['Admin', 'Manager', 'Representative', 'customer-service'] as const)('answers %s', async (role) => {
    const headers = await t.authHeaders(await t.createUser({ role }));
    const response = await t.app.inject({ url: '/api/dashboard', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<DashboardResponse>().data.length).toBeGreaterThan(0);
  });

  it('refuses a crew member and anyone signed out', async () => {
    const crew = await t.authHeaders(await t.createUser({ role: 'crew' }));
    expect((await t.app.inject({ url: '/api/dashboard', headers: crew })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('answers 404 for a market that does not exist and 400 for one that is not an id', async () => {
    expect((await t.app.inject({ url: '/api/dashboard?market=2147483647', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dashboard?market=abc', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/dashboard?market=2147483648', headers: admin })).statusCode).toBe(400);
  });
});
