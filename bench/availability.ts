/**
 * Mow availability benchmark: median and p95 time of a market's availability for 8 weeks (GET
 * /api/mow-availabilities/markets/{id}/slots?weeks=8, the Mow Availabilities page's read), with the mows scheduled on
 * each day read from the per-market-day counts kept with the schedules (ADR 0049). Target: under 50 ms at 1,000,000
 * properties.
 *
 *   npx tsx bench/availability.ts [--from 2026-06-01] [--runs 20]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL), filled to
 * BENCH_PROPERTIES (default 1,000,000) properties when it holds fewer; the mow year of --from is processed first when
 * it has no schedules yet (the real job code). The market read is the one with the most properties.
 * - API: `app.inject` on the real app with a signed-in admin: routing, access check, the availability service (its
 *   two statements), response validation and serialisation.
 * - Count: the scheduled-mows statement alone (`countScheduled`), the part that grew with the properties before the
 *   counts were kept.
 */
import { addDays, mowYearOf } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { countScheduled } from '../apps/api/src/modules/availability/availability.repo';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { ensureSchedules } from './lib/schedules';
import { loadAverage, ms, percentile, thousands, timeRepeated } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const WARMUP = 3;
const WEEKS = 8;

async function main(): Promise<void> {
  const from = option('from', '2026-06-01');
  const runs = Number(option('runs', '20'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, TARGET, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties first...\n`),
    });
    await ensureSchedules(db, mowYearOf(from));
    const [largest] = (
      await db.execute<{ market_id: number; total: number }>(sql`
        select market_id, count(*)::int as total from properties group by market_id order by total desc limit 1`)
    ).rows;
    if (!largest) throw new Error('no properties');
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const server = await startBenchApp(bench);
    const to = addDays(from, WEEKS * 7 - 1);
    const counts = await countScheduled(db, largest.market_id, from, to);
    const mows = [...counts.values()].reduce((sum, value) => sum + value, 0);

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    record(
      `API, ${WEEKS} weeks`,
      await timeRepeated(runs, WARMUP, () =>
        server.get(`/api/mow-availabilities/markets/${largest.market_id}/slots?from=${from}&weeks=${WEEKS}`),
      ),
    );
    record(
      'count of the scheduled mows alone',
      await timeRepeated(runs, WARMUP, () => countScheduled(db, largest.market_id, from, to)),
    );
    printResults(
      `Mow availability, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, market of ` +
        `${thousands(largest.total)} with ${thousands(mows)} mows in the ${WEEKS} weeks from ${from}, ` +
        `load average ${loadAverage()}`,
      ['| scenario | runs | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
