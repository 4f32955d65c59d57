/**
 * Customer list benchmark (issue 3): median and p95 server time of GET /api/customers on 1,000,000 properties, next to
 * the same SQL run directly in PostgreSQL.
 *
 *   npx tsx bench/customers-list.ts            (or: npm run bench)
 *
 * Uses a dedicated database: the embedded server in .data/bench on port 54330 (DATA_DIR / EMBEDDED_PG_PORT override
 * it), or DATABASE_URL. An empty or smaller database is first filled to BENCH_PROPERTIES (default 1,000,000) with the
 * same COPY loader as `npm run seed -- --properties N`. BENCH_RUNS (default 50) runs per scenario after 5 warm-ups.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { customers, markets, properties } from '../apps/api/src/db/schema';
import { bulkLoadCustomers } from '../apps/api/src/db/seed/customers-seed';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo-data';
import { seedDatabase } from '../apps/api/src/db/seed/seed';
import { openDatabaseServer } from '../apps/api/src/db/server';
import { createLogger } from '../apps/api/src/logger';
import { createMailer } from '../apps/api/src/mail/mailer';
import { parseCustomerListQuery, type CustomerListQuery } from '../apps/api/src/modules/customers/customers.list';
import { countQuery, pageQuery } from '../apps/api/src/modules/customers/customers.repo';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 50);
const WARMUP = 5;

type Scenario = { name: string; query: string; isTarget?: boolean };

function percentile(values: number[], fraction: number): number {
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.max(0, Math.ceil(fraction * ordered.length) - 1))] ?? NaN;
}
const median = (values: number[]) => percentile(values, 0.5);
const ms = (value: number) => value.toFixed(1);

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function repeat(work: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  for (let index = 0; index < WARMUP; index += 1) await work();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) times.push(await time(work));
  return times;
}

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

async function ensureData(pool: pg.Pool, db: Database): Promise<string | null> {
  // Reference data and the demo sign-ins (idempotent), without the 5,000 demo customers.
  await seedDatabase(db, { demoProperties: 0 });
  const [row] = await db.select({ total: count() }).from(properties);
  const existing = row?.total ?? 0;
  if (existing >= TARGET) return null;
  const missing = TARGET - existing;
  process.stdout.write(`loading ${missing.toLocaleString('en-US')} properties with COPY...\n`);
  const started = performance.now();
  await bulkLoadCustomers(pool, db, {
    properties: missing,
    onProgress: (loaded) => {
      if (loaded % 100_000 < 25_000) process.stdout.write(`  ${loaded.toLocaleString('en-US')}\n`);
    },
  });
  return `${((performance.now() - started) / 1000).toFixed(0)} s for ${missing.toLocaleString('en-US')} properties`;
}

async function main(): Promise<void> {
  const env = {
    ...process.env,
    DATA_DIR: process.env['DATA_DIR'] ?? path.join(REPO_ROOT, '.data', 'bench'),
    EMBEDDED_PG_PORT: process.env['EMBEDDED_PG_PORT'] ?? '54330',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const log = createLogger({ level: 'warn' });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: 10 });
  const outbox = await mkdtemp(path.join(tmpdir(), 'lawn-bench-'));
  try {
    await runMigrations(pool);
    const loadTime = await ensureData(pool, db);
    const [stats] = (
      await db.execute<{ vacuumed: boolean }>(
        sql`select (last_vacuum is not null or last_autovacuum is not null) as vacuumed from pg_stat_user_tables where relname = 'properties'`,
      )
    ).rows;
    if (!stats?.vacuumed) await db.execute(sql`vacuum (analyze) customers, properties, customer_list_counts`);

    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: outbox, log });
    const app = await buildApp({
      config: { ...config, webDist: path.join(outbox, 'no-web') },
      db,
      jobs: { enqueue: async () => 'bench' },
      mailer,
      logger: log,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const authorization = `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}`;

    const [dallas] = await db.select({ id: markets.id }).from(markets).where(eq(markets.name, 'Dallas'));
    const [sample] = await db
      .select({ account: properties.accountNumber, phone: customers.contactNumber })
      .from(properties)
      .innerJoin(customers, eq(customers.id, properties.customerId))
      .where(and(isNull(properties.deletedAt), eq(properties.id, 500_000)));
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
    ];

    const results: string[] = [];
    for (const scenario of scenarios) {
      const url = `/api/customers?${scenario.query}`;
      let total = -1;
      const apiTimes = await repeat(async () => {
        const response = await app.inject({ url, headers: { authorization } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        total = response.json<{ total: number }>().total;
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
    process.stdout.write(
      [
        '',
        `Customer list benchmark, ${new Date().toISOString().slice(0, 10)}, ${(counted?.total ?? 0).toLocaleString('en-US')} properties, ${RUNS} runs each (after ${WARMUP} warm-ups)${loadTime ? `, data loaded now: ${loadTime}` : ''}`,
        '',
        '| scenario | total | API median ms | API p95 ms | SQL median ms (count + page, client) | page EXPLAIN ms | count EXPLAIN ms |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...results,
        '',
      ].join('\n'),
    );
    await app.close();
    mailer.close();
  } finally {
    await pool.end();
    await server.stop();
    await rm(outbox, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
