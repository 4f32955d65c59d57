/**
 * Customer list benchmark: median and p95 server time of GET /api/customers on 1,000,000 properties, next to the same
 * SQL run directly in PostgreSQL: the default pages, filters and sorts, and the search box (`filter[search]`).
 *
 *   npx tsx bench/customers-list.ts            (or: npm run bench)
 *   npx tsx bench/customers-list.ts --only search     (only the scenarios whose name contains the text)
 *
 * Uses a dedicated database: the embedded server in .data/bench on port 54330 (DATA_DIR / EMBEDDED_PG_PORT override
 * it), or DATABASE_URL. An empty or smaller database is first filled to BENCH_PROPERTIES (default 1,000,000) with the
 * same COPY loader as `npm run seed -- --properties N`. BENCH_RUNS (default 50) runs per scenario after 5 warm-ups.
 */
import { CUSTOMER_STATUS, ORDER_STATUS } from '@lawn/shared';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { customers, markets, properties } from '../apps/api/src/db/schema';
import { parseCustomerListQuery, type CustomerListQuery } from '../apps/api/src/modules/customers/customers.list';
import { countQuery, pageQuery } from '../apps/api/src/modules/customers/customers.repo';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase, type BenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { median, ms, percentile, thousands, timeRepeated } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 50);
const WARMUP = 5;

type Scenario = { name: string; query: string; isTarget?: boolean };

const repeat = (work: () => Promise<unknown>) => timeRepeated(RUNS, WARMUP, work);

/** `runs` values of `work`, one after the other. */
async function collect(runs: number, work: () => Promise<number>): Promise<number[]> {
  const values: number[] = [];
  for (let index = 0; index < runs; index += 1) values.push(await work());
  return values;
}

/** The query string as Fastify hands it to the route: literal keys such as 'filter[market]'. */
function rawQuery(query: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(query));
}

function listQuery(query: string): CustomerListQuery {
  const parsed = parseCustomerListQuery(rawQuery(query));
  if (!('query' in parsed)) throw new Error(`invalid query ${query}: ${JSON.stringify(parsed.errors)}`);
  return parsed.query;
}

/** EXPLAIN ANALYZE's own execution time of a Drizzle query, in ms. */
async function explainMs(db: Database, built: { toSQL: () => { sql: string; params: unknown[] } }): Promise<number> {
  const { sql: text, params } = built.toSQL();
  const client = (db as unknown as { $client: pg.Pool }).$client;
  const result = await client.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(
    `explain (analyze, format json) ${text}`,
    params,
  );
  return result.rows[0]?.['QUERY PLAN'][0]?.['Execution Time'] ?? NaN;
}

type SampleCustomer = {
  account: string;
  phone: string;
  firstName: string;
  lastName: string;
  email: string | null;
  address: string;
};

/** What staff type into the search box, as the list sends it (`filter[search]`), about one sample customer. */
function searchScenarios(sample: SampleCustomer | undefined, rest: string): Scenario[] {
  if (!sample) return [];
  const phone = sample.phone;
  const masked = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
  const street = sample.address.split(' ').slice(0, 2).join(' ');
  const texts: [string, string][] = [
    ['a last name', sample.lastName],
    ['three letters of it', sample.lastName.slice(0, 3)],
    ['"first last"', `${sample.firstName} ${sample.lastName}`],
    ['"smith"', 'smith'],
    ['house number and street', street],
    ['"oak"', 'oak'],
    ['the e-mail', sample.email ?? 'nobody@example.com'],
    ['e-mail domain with @', `@${(sample.email ?? 'x@example.com').split('@')[1]}`],
    ['account number', sample.account],
    ['first 4 digits of an account', sample.account.slice(0, 4)],
    ['phone, masked', masked],
    ['first 6 digits of a phone', phone.slice(0, 6)],
    ['3 digits (an area code)', phone.slice(0, 3)],
  ];
  return texts.map(([name, text]) => ({
    name: `search: ${name} "${text}"`,
    query: `${new URLSearchParams({ 'filter[search]': text }).toString()}&${rest}`,
  }));
}

async function benchmark(bench: BenchDatabase): Promise<void> {
  const { db } = bench;
  const load = await ensureProperties(bench, TARGET, {
    onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties with COPY...\n`),
    onProgress: (loaded) => {
      if (loaded % 100_000 < 25_000) process.stdout.write(`  ${thousands(loaded)}\n`);
    },
  });
  const loadTime = load.loaded > 0 ? `${load.seconds.toFixed(0)} s for ${thousands(load.loaded)} properties` : null;
  const [stats] = (
    await db.execute<{ vacuumed: boolean }>(
      sql`select (last_vacuum is not null or last_autovacuum is not null) as vacuumed from pg_stat_user_tables where relname = 'properties'`,
    )
  ).rows;
  if (!stats?.vacuumed) await db.execute(sql`vacuum (analyze) customers, properties, customer_list_counts`);

  const server = await startBenchApp(bench);
  const [dallas] = await db.select({ id: markets.id }).from(markets).where(eq(markets.name, 'Dallas'));
  const [sample] = await db
    .select({
      account: properties.accountNumber,
      phone: customers.contactNumber,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      address: properties.serviceAddress,
    })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    // The first live property of the default list (approved, active) from the middle of the id range (from property
    // 500,000 in the 1,000,000-property database), so searching for it finds it.
    .where(
      and(
        isNull(properties.deletedAt),
        eq(properties.statusOrders, ORDER_STATUS.approved),
        eq(properties.status, CUSTOMER_STATUS.active),
        gte(properties.id, sql`(select (min(id) + max(id)) / 2 from ${properties})`),
      ),
    )
    .orderBy(properties.id)
    .limit(1);
  const include = 'include=userEdit,userNote';
  const scenarios: Scenario[] = [
    { name: '(a) default list: page 1, sort -id', query: `page=1&limit=50&sort=-id&${include}`, isTarget: true },
    {
      name: '(b) market + status, sort fullName',
      query: `filter[market]=${dallas?.id}&filter[status]=1&sort=fullName&page=1&limit=50&${include}`,
      isTarget: true,
    },
    { name: 'expired-card list (status=2)', query: `filter[status]=2&sort=-id&page=1&limit=50&${include}` },
    { name: 'default list, page 200', query: `page=200&limit=50&sort=-id&${include}` },
    { name: 'sort fullName (all markets)', query: `sort=fullName&page=1&limit=50&${include}` },
    { name: 'name contains "smith"', query: `filter[fullName]=smith&page=1&limit=50&${include}` },
    { name: 'address contains "oak"', query: `filter[serviceAddress]=oak&page=1&limit=50&${include}` },
    { name: 'account number', query: `filter[customerId]=${sample?.account}&${include}` },
    { name: 'phone number', query: `filter[contactNumber]=${sample?.phone}&${include}` },
    { name: 'crew 120, sort -id', query: `filter[crew]=120&page=1&limit=50&${include}` },
    { name: 'sort marketName', query: `sort=marketName&page=1&limit=50&${include}` },
    { name: 'sort userNote', query: `sort=userNote&page=1&limit=50&${include}` },
    // The price sorts read the prices' rows joined to the properties (ADR 0058): the default filters, and a narrow one.
    { name: 'sort totalMowing', query: `sort=totalMowing&page=1&limit=50&${include}` },
    {
      name: 'expired-card list (status=2), sort -subtotalMowing',
      query: `filter[status]=2&sort=-subtotalMowing&page=1&limit=50&${include}`,
    },
    ...searchScenarios(sample, `page=1&limit=50&${include}`),
  ];
  const only = option('only', '');

  const results: string[] = [];
  for (const scenario of scenarios.filter((candidate) => candidate.name.includes(only))) {
    const url = `/api/customers?${scenario.query}`;
    let total = -1;
    const apiTimes = await repeat(async () => {
      total = (await server.get(url)).json<{ total: number }>().total;
    });
    const query = listQuery(scenario.query);
    // The repo's two statements, run as the repo runs them (side by side), timed from this client.
    const sqlTimes = await repeat(() => Promise.all([countQuery(db, query), pageQuery(db, query)]));
    const pageExplain = median(await collect(10, () => explainMs(db, pageQuery(db, query))));
    const countExplain = median(await collect(10, () => explainMs(db, countQuery(db, query))));
    // Exactness: the total against a plain count(*) with the same conditions.
    const [exact] = await db
      .select({ total: count() })
      .from(properties)
      .innerJoin(customers, eq(customers.id, properties.customerId))
      .where(and(isNull(properties.deletedAt), isNull(customers.deletedAt), query.where));
    const isExact = exact?.total === total;
    results.push(
      `| ${scenario.name}${scenario.isTarget ? ' **target**' : ''} | ${total.toLocaleString('en-US')} ${isExact ? '' : '(NOT EXACT)'}| ${ms(median(apiTimes))} | ${ms(percentile(apiTimes, 0.95))} | ${ms(median(sqlTimes))} | ${ms(pageExplain)} | ${ms(countExplain)} |`,
    );
    process.stdout.write(`${results.at(-1)}\n`);
  }

  const [counted] = await db.select({ total: count() }).from(properties);
  printResults(
    `Customer list benchmark, ${resultsDate()}, ${thousands(counted?.total ?? 0)} properties, ${RUNS} runs each (after ${WARMUP} warm-ups)${loadTime ? `, data loaded now: ${loadTime}` : ''}`,
    [
      '| scenario | total | API median ms | API p95 ms | SQL median ms (count + page, client) | page EXPLAIN ms | count EXPLAIN ms |',
      '|---|---:|---:|---:|---:|---:|---:|',
    ],
    results,
  );
  await server.close();
}

runMain(() => withBenchDatabase({ poolSize: 10 }, benchmark));
