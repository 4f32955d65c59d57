/**
 * Schedule processing benchmark (issue 4): processes one mow year for every property of the 1,000,000-property bench
 * database with the real job code (`runScheduleProcess`, what the `schedule-process` pg-boss job runs) and records the
 * wall time, properties and rows written per second, and the process's memory while it runs.
 *
 *   npx tsx bench/schedule-process.ts [--year 2026] [--batch 2000] [--from start|today] [--keep] [--rerun]
 *
 * --from start (default) plans the whole year (every date is rewritten); today keeps the dates before today.
 * The year's schedules are deleted first, so the run writes every row (a first processing), unless --keep is given
 * (then a year already processed is re-processed: the rows that do not change are not written). --rerun processes the
 * year a second time afterwards (nothing changes: the cost of reading and planning alone).
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL), filled to
 * BENCH_PROPERTIES (default 1,000,000) with the customers module's COPY loader when smaller. Memory: RSS sampled every
 * 100 ms during the run (plus the kernel's high-water mark, getrusage maxrss), and noted at every 10 % of progress to
 * show it stays flat.
 */
import path from 'node:path';
import { loadavg } from 'node:os';
import { calendarDateIn, mowYearStart, type IsoDate } from '@lawn/shared';
import { count, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { properties, users } from '../apps/api/src/db/schema';
import { bulkLoadCustomers } from '../apps/api/src/db/seed/customers-seed';
import { seedDatabase } from '../apps/api/src/db/seed/seed';
import { openDatabaseServer } from '../apps/api/src/db/server';
import { createLogger } from '../apps/api/src/logger';
import { runScheduleProcess, SCHEDULE_BATCH_SIZE } from '../apps/api/src/modules/schedule/schedule-process.runner';
import * as repo from '../apps/api/src/modules/schedule/schedule.repo';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index !== -1 && process.argv[index + 1] ? (process.argv[index + 1] as string) : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

async function ensureData(pool: pg.Pool, db: Database): Promise<void> {
  await seedDatabase(db, { demoProperties: 0 });
  const [row] = await db.select({ total: count() }).from(properties);
  const missing = TARGET - (row?.total ?? 0);
  if (missing <= 0) return;
  process.stdout.write(`loading ${thousands(missing)} properties with COPY (about 7 minutes for 1,000,000)...\n`);
  await bulkLoadCustomers(pool, db, { properties: missing });
}

type RunMeasurement = {
  seconds: number;
  total: number;
  written: number;
  baselineRssMb: number;
  peakRssMb: number;
  rssAtProgress: string;
  heapPeakMb: number;
  cpuSeconds: number;
};

async function processYear(db: Database, year: number, planFrom: IsoDate, batchSize: number, userId: number) {
  // A benchmark's run must not wait for (or be refused by) a run left over from an earlier attempt.
  await db.execute(sql`update schedule_runs set status = 'failed', failure_reason = 'bench: superseded'
    where status in ('requested', 'in_progress')`);
  const run = await repo.insertRun(db, { year, planFrom, requestedBy: userId });
  if (!run) throw new Error('a schedule run is active');
  const [clock] = (await db.execute<{ now: string }>(sql`select now()::text as now`)).rows;
  const since = clock?.now ?? '';

  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
  }, 100);
  const atProgress: string[] = [];
  let nextMark = 0.1;
  let total = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await runScheduleProcess({ db, log: createLogger({ level: 'warn' }) }, run.id, {
      isLastAttempt: true,
      batchSize,
      afterBatch: async ({ batches }) => {
        if (total === 0) total = (await repo.findRun(db, run.id))?.total ?? 1;
        if ((batches * batchSize) / total >= nextMark) {
          const usage = process.memoryUsage();
          atProgress.push(`${Math.round(nextMark * 100)}%: ${mb(usage.rss)}/${mb(usage.heapUsed)}`);
          nextMark += 0.1;
        }
      },
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const finished = await repo.findRun(db, run.id);
  if (finished?.status !== 'completed') throw new Error(`run ended ${finished?.status}: ${finished?.failureReason}`);
  return {
    seconds,
    total: finished.total,
    written: await rowsWrittenSince(db, year, since),
    baselineRssMb: mb(baselineRss),
    peakRssMb: Math.max(mb(peakRss), mb(process.resourceUsage().maxRSS * 1024)),
    rssAtProgress: atProgress.join(', '),
    heapPeakMb: mb(heapPeak),
    cpuSeconds: (used.user + used.system) / 1e6,
  } satisfies RunMeasurement;
}

/** Rows this run wrote: each written row gets planned_at = now() of its batch; rows left as they were keep theirs. */
async function rowsWrittenSince(db: Database, year: number, since: string): Promise<number> {
  const result = await db.execute<{ written: number }>(sql`
    select count(*)::int as written from property_schedules where year = ${year} and planned_at >= ${since}::timestamptz`);
  return result.rows[0]?.written ?? 0;
}

function report(label: string, batchSize: number, measured: RunMeasurement): string {
  return `| ${label} | ${batchSize} | ${thousands(measured.total)} | ${thousands(measured.written)} | **${measured.seconds.toFixed(0)} s** | ${thousands(measured.total / measured.seconds)} | ${thousands(measured.written / measured.seconds)} | ${measured.cpuSeconds.toFixed(0)} s | ${measured.baselineRssMb} MB | **${measured.peakRssMb} MB** | ${measured.heapPeakMb} MB | ${measured.rssAtProgress} |`;
}

async function main(): Promise<void> {
  const year = Number(option('year', '2026'));
  const batchSize = Number(option('batch', String(SCHEDULE_BATCH_SIZE)));
  const from = option('from', 'start');
  const env = {
    ...process.env,
    DATA_DIR: process.env['DATA_DIR'] ?? path.join(REPO_ROOT, '.data', 'bench'),
    EMBEDDED_PG_PORT: process.env['EMBEDDED_PG_PORT'] ?? '54330',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const log = createLogger({ level: 'warn' });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: 4 });
  try {
    await runMigrations(pool);
    await ensureData(pool, db);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    if (!admin) throw new Error('the demo admin is missing');
    const today = calendarDateIn(new Date());
    const planFrom = from === 'today' && today > mowYearStart(year) ? today : mowYearStart(year);
    if (!flag('keep')) {
      process.stdout.write(`deleting the schedules of ${year}...\n`);
      await db.execute(sql`delete from property_schedules where year = ${year}`);
    }
    await db.execute(sql`vacuum (analyze) properties, property_schedules, property_week_overrides`);

    const lines: string[] = [];
    process.stdout.write(`processing ${year} from ${planFrom} in batches of ${batchSize}...\n`);
    lines.push(
      report(
        flag('keep') ? 're-process' : 'first processing',
        batchSize,
        await processYear(db, year, planFrom, batchSize, admin.id),
      ),
    );
    process.stdout.write(`${lines.at(-1)}\n`);
    if (flag('rerun')) {
      lines.push(report('again (no change)', batchSize, await processYear(db, year, planFrom, batchSize, admin.id)));
      process.stdout.write(`${lines.at(-1)}\n`);
    }
    const size = await db.execute<{ size: string; rows: number }>(sql`
      select pg_size_pretty(pg_total_relation_size('property_schedules')) as size,
        (select count(*)::int from property_schedules where year = ${year}) as rows`);
    process.stdout.write(
      [
        '',
        `Schedule processing, ${new Date().toISOString().slice(0, 10)}, year ${year} from ${planFrom}, load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(
            ' ',
          )}; property_schedules: ${thousands(size.rows[0]?.rows ?? 0)} rows of ${year}, ${size.rows[0]?.size}`,
        '',
        '| run | batch | properties | rows written | wall time | properties/s | rows written/s | CPU (Node) | RSS before | peak RSS | heap peak | RSS / heap used (MB) at progress |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
        ...lines,
        '',
      ].join('\n'),
    );
  } finally {
    await pool.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
