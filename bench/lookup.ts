/**
 * Lookup benchmark: each lookup method's first page (limit 50) with its exact total, through GET /api/customers as the
 * wizard sends it, median and p95 server time. The work-weeks lookup needs the year's schedules: when the year has
 * none they are processed first with the real job code.
 *
 *   npx tsx bench/lookup.ts [--year 2026]      (BENCH_PROPERTIES, BENCH_RUNS, DATA_DIR, EMBEDDED_PG_PORT as in
 *                                              bench/customers-list.ts, whose data set and loader it uses)
 */
import { addDays, weekRange } from '@lawn/shared';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { customers, markets, properties, users } from '../apps/api/src/db/schema';
import { parseCustomerListQuery } from '../apps/api/src/modules/customers/customers.list';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase, type BenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { ensureSchedules } from './lib/schedules';
import { median, ms, percentile, thousands, timeRepeated } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 30);
const WARMUP = 5;
const GOAL_MS = 50;

type Scenario = { method: string; filter: string };

/** The exact number of live properties a lookup's filter matches, counted plainly. */
async function exactTotal(db: Database, filter: string): Promise<number> {
  const parsed = parseCustomerListQuery(Object.fromEntries(new URLSearchParams(filter)));
  if (!('query' in parsed)) throw new Error(`invalid lookup ${filter}: ${JSON.stringify(parsed.errors)}`);
  const [row] = await db
    .select({ total: count() })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(isNull(properties.deletedAt), parsed.query.where));
  return row?.total ?? -1;
}

async function benchmark(bench: BenchDatabase): Promise<void> {
  const { db } = bench;
  const year = Number(option('year', '2026'));
  await ensureProperties(bench, TARGET, {
    onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties with COPY...\n`),
  });
  await ensureSchedules(db, year);
  await db.execute(sql`vacuum (analyze) customers, properties, customer_list_counts`);
  const server = await startBenchApp(bench);

  const [dallas] = await db.select({ id: markets.id }).from(markets).where(eq(markets.name, 'Dallas'));
  const [csr] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'customer-service')).limit(1);
  const [newest] = await db
    .select({ day: sql<string>`(max(${properties.createdAt}) at time zone 'America/Chicago')::date::text` })
    .from(properties);
  const day = newest?.day ?? '2026-01-01';
  const [mapped] = await db
    .select({ mapsco: properties.mapsco })
    .from(properties)
    .where(sql`${properties.mapsco} is not null`)
    .limit(1);
  const week = weekRange(year, 10);
  const scenarios: Scenario[] = [
    { method: '1 basic: last name A-F + market', filter: `filter[lastNameBucket]=A-F&filter[market]=${dallas?.id}` },
    { method: '1 basic: name contains "smith"', filter: 'filter[fullName]=smith' },
    { method: '1 basic: Mapsco page', filter: `filter[mapsco]=${mapped?.mapsco ?? '26'}` },
    { method: '1 basic: week number', filter: `filter[week]=10&filter[year]=${year}` },
    { method: '1 basic: creation date', filter: `filter[createdAt]=${day}` },
    { method: '1 basic: signed by', filter: `filter[signedBy]=${csr?.id}` },
    { method: '1 basic: future cancel week', filter: 'filter[futureCancel]=20' },
    { method: '1 basic: source range', filter: `filter[source]=4&filter[createdAt]=${addDays(day, -30)},${day}` },
    { method: '2 work weeks: week 10', filter: `filter[week]=10&filter[year]=${year}` },
    { method: '2 work weeks: week 40', filter: `filter[week]=40&filter[year]=${year}` },
    { method: '9 attributes: skips on a day', filter: `filter[skipDate]=${week.start}` },
    { method: '9 attributes: call notes on a day', filter: `filter[noteDate]=${day}&filter[noteType]=1` },
    { method: '10 status + market', filter: `filter[status]=5&filter[market]=${dallas?.id}` },
    {
      method: '11 creation date, not approved',
      filter: `filter[createdAt]=${day}&filter[isApproved]=false&filter[statusOrders]=0`,
    },
    {
      method: '12-14 count: week + day + crew',
      filter: `filter[week]=10&filter[year]=${year}&filter[weekDay]=3&filter[crew]=120`,
    },
    { method: '15 cellphone', filter: 'filter[isCellphone]=true' },
  ];

  const rows: string[] = [];
  for (const scenario of scenarios) {
    const url = `/api/customers?page=1&limit=50&sort=-id&include=userEdit,userNote&${scenario.filter}`;
    let total = -1;
    const times = await timeRepeated(RUNS, WARMUP, async () => {
      const response = await server.get(url);
      const answer = response.json<{ total?: number }>();
      if (answer.total === undefined) throw new Error(`${url}: ${response.body}`);
      total = answer.total;
    });
    const isExact = total === (await exactTotal(db, scenario.filter));
    const status = median(times) < GOAL_MS ? 'ok' : 'over';
    rows.push(
      `| ${scenario.method} | ${thousands(total)}${isExact ? '' : ' (NOT EXACT)'} | ${ms(median(times))} | ${ms(percentile(times, 0.95))} | ${status} |`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
  }
  const [counted] = await db.select({ total: count() }).from(properties);
  printResults(
    `Lookup benchmark, ${resultsDate()}, ${thousands(counted?.total ?? 0)} properties, year ${year} processed, ${RUNS} runs each`,
    [`| lookup | total | API median ms | API p95 ms | goal ${GOAL_MS} ms |`, '|---|---:|---:|---:|---|'],
    rows,
  );
  await server.close();
}

runMain(() => withBenchDatabase({ poolSize: 10 }, benchmark));
