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
import { calendarDateIn, mowYearStart, type IsoDate } from '@lawn/shared';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { properties } from '../apps/api/src/db/schema';
import { SCHEDULE_BATCH_SIZE } from '../apps/api/src/modules/schedule/schedule.service';
import { flag, option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { measureRun, wholeMb } from './lib/run-meter';
import { demoAdminId, processYearForBench } from './lib/schedules';
import { loadAverage, thousands } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);

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
  const [clock] = (await db.execute<{ now: string }>(sql`select now()::text as now`)).rows;
  const since = clock?.now ?? '';
  // A run plans every property, deleted ones included: its total, for the progress marks.
  const [all] = await db.select({ total: count() }).from(properties);
  const total = Math.max(1, all?.total ?? 0);

  const { result: finished, use } = await measureRun(total, (progressed) =>
    processYearForBench(
      db,
      { year, planFrom, requestedBy: userId },
      { batchSize, afterBatch: ({ batches }) => progressed(batches * batchSize) },
    ),
  );
  return {
    seconds: use.seconds,
    total: finished.total,
    written: await rowsWrittenSince(db, year, since),
    baselineRssMb: use.baselineRssMb,
    // The kernel's high-water mark also catches a peak between two samples.
    peakRssMb: Math.max(use.peakRssMb, wholeMb(process.resourceUsage().maxRSS * 1024)),
    rssAtProgress: use.atProgress,
    heapPeakMb: use.heapPeakMb,
    cpuSeconds: use.cpuSeconds,
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
  await withBenchDatabase({ poolSize: 4 }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, TARGET, {
      onLoad: (missing) =>
        process.stdout.write(`loading ${thousands(missing)} properties with COPY (about 7 minutes for 1,000,000)...\n`),
    });
    const adminId = await demoAdminId(db);
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
        await processYear(db, year, planFrom, batchSize, adminId),
      ),
    );
    process.stdout.write(`${lines.at(-1)}\n`);
    if (flag('rerun')) {
      lines.push(report('again (no change)', batchSize, await processYear(db, year, planFrom, batchSize, adminId)));
      process.stdout.write(`${lines.at(-1)}\n`);
    }
    const size = await db.execute<{ size: string; rows: number }>(sql`
      select pg_size_pretty(pg_total_relation_size('property_schedules')) as size,
        (select count(*)::int from property_schedules where year = ${year}) as rows`);
    printResults(
      `Schedule processing, ${resultsDate()}, year ${year} from ${planFrom}, load average ${loadAverage()}; property_schedules: ${thousands(size.rows[0]?.rows ?? 0)} rows of ${year}, ${size.rows[0]?.size}`,
      [
        '| run | batch | properties | rows written | wall time | properties/s | rows written/s | CPU (Node) | RSS before | peak RSS | heap peak | RSS / heap used (MB) at progress |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ],
      lines,
    );
  });
}

runMain(main);
