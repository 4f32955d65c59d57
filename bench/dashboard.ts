/**
 * Analytics dashboard benchmark: median and p95 time of GET /api/dashboard, every market's figures in one read (the
 * dashboard's load and each refresh). Target: under 200 ms at 1,000,000 properties.
 *
 *   npx tsx bench/dashboard.ts [--now 2026-06-03T15:00:00Z] [--runs 20]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL), filled to
 * BENCH_PROPERTIES (default 1,000,000) properties when it holds fewer; the mow year of --now is processed first when
 * it has no schedules yet (the capacity bars count them), and paid invoices are added for the two weeks before --now
 * when there are none (one per property, up to BENCH_INVOICES, default 200,000), so the revenue figures have rows.
 * - API: `app.inject` on the real app with a signed-in admin and its clock at --now: routing, access check, the
 *   dashboard service, response validation and serialisation.
 * - Maintained figures: the signups and revenue of every market's days and the active customers, read from the
 *   figures the triggers keep (ADR 0051), alone.
 * - Capacity: every market's scheduled mows of the capacity bars' days through the availability module, alone.
 * - A scan instead: the same signups and active customers counted from `properties` per request, for comparison.
 */
import { addDays, calendarDateIn, capacityRange, mowYearOf, startOfDayIn } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { countScheduled } from '../apps/api/src/modules/availability/availability.repo';
import { activeCustomers, activityByDay } from '../apps/api/src/modules/dashboard/dashboard.repo';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { ensureSchedules } from './lib/schedules';
import { loadAverage, ms, percentile, thousands, timeRepeated } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const INVOICES = Number(process.env['BENCH_INVOICES'] ?? 200_000);
const WARMUP = 3;
const TIME_ZONE = 'America/Chicago';

/**
 * Paid invoices charged over the two weeks before `now`, one per property, in one statement: the triggers add them to
 * the figures as the billing's own writes would.
 */
async function ensureInvoices(db: Database, now: Date): Promise<void> {
  const existing = await db.execute(sql`select 1 from invoices limit 1`);
  if (existing.rows.length > 0) return;
  process.stdout.write(`adding ${thousands(INVOICES)} paid invoices first...\n`);
  const today = calendarDateIn(now, TIME_ZONE);
  await db.execute(sql`
    insert into invoices (property_id, year, week, service_date, billing_date, subtotal, total, status, charged_at)
    select p.id, ${mowYearOf(today)}, 1, ${today}::date - 1, ${today}::date, pp.subtotal_mowing, pp.total_mowing, 1,
           ${now.toISOString()}::timestamptz - (p.id % (14 * 24)) * interval '1 hour'
    from properties p join property_prices pp on pp.property_id = p.id
    where p.deleted_at is null order by p.id limit ${INVOICES}`);
}

async function main(): Promise<void> {
  const now = new Date(option('now', '2026-06-03T15:00:00Z'));
  const runs = Number(option('runs', '20'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, TARGET, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties first...\n`),
    });
    const today = calendarDateIn(now, TIME_ZONE);
    await ensureSchedules(db, mowYearOf(today));
    await ensureInvoices(db, now);
    const markets = (await db.execute<{ id: number }>(sql`select id from markets order by id`)).rows;
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const [figureRows] = (
      await db.execute<{ total: number }>(sql`select count(*)::int as total from market_hourly_activity`)
    ).rows;
    const server = await startBenchApp(bench, { clock: () => now });
    const window = {
      start: startOfDayIn(addDays(today, -14), TIME_ZONE),
      end: startOfDayIn(addDays(today, 7), TIME_ZONE),
    };
    const range = capacityRange(today);

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    record(`API, ${markets.length} markets`, await timeRepeated(runs, WARMUP, () => server.get('/api/dashboard')));
    record(
      'maintained figures alone (signups, revenue, active customers)',
      await timeRepeated(runs, WARMUP, () =>
        Promise.all([activeCustomers(db), ...markets.map((market) => activityByDay(db, market.id, TIME_ZONE, window))]),
      ),
    );
    record(
      'capacity alone (scheduled mows of the bars’ days, every market)',
      await timeRepeated(runs, WARMUP, () =>
        Promise.all(markets.map((market) => countScheduled(db, market.id, range.from, range.to))),
      ),
    );
    record(
      'a scan instead: signups per day and active customers from properties',
      await timeRepeated(runs, WARMUP, () =>
        Promise.all([
          db.execute(sql`
            select market_id, (created_at at time zone ${TIME_ZONE})::date as day, count(*)::int as signups
            from properties
            where deleted_at is null and created_at >= ${window.start.toISOString()}::timestamptz
            group by 1, 2`),
          db.execute(sql`
            select market_id, count(*)::int as active from properties
            where deleted_at is null and status = 1 and status_orders = 1 group by 1`),
        ]),
      ),
    );
    printResults(
      `Analytics dashboard, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, ` +
        `${thousands(figureRows?.total ?? 0)} rows of hourly figures, now ${now.toISOString()}, load average ${loadAverage()}`,
      ['| scenario | runs | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
