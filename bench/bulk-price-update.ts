/**
 * Bulk price update benchmark: the preview of an increase of every active price, then the increase itself and its
 * undo with the real job code (`runPriceUpdate`, what the `update-bulk-prices` pg-boss job runs), with the wall time,
 * properties per second and the process's memory while each runs. Targets: every active property of 1,000,000 in
 * under 2 minutes with flat memory, the undo likewise, the preview under 2 s.
 *
 *   npx tsx bench/bulk-price-update.ts [--properties 1000000] [--batch 2000] [--runs 5]
 *
 * Database: its own embedded PostgreSQL in .data/bench-price-updates on port 54332 (DATA_DIR / EMBEDDED_PG_PORT, or
 * DATABASE_URL), filled with generated properties (the customers module's COPY loader) up to `--properties`. Each run
 * increases every active price of all markets by $1.00 and undoes it, so the book ends as it started. Memory: RSS and
 * heap sampled every 100 ms during each run (after a full garbage collection), and noted at every 10 % of progress.
 */
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SettingsValues } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { createLogger } from '../apps/api/src/logger';
import {
  createPriceUpdatesService,
  runPriceUpdate,
  type PriceUpdatesService,
} from '../apps/api/src/modules/price-updates/price-updates.service';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { BENCH_DATA_DIR } from './lib/locations';
import { printResults, resultsDate } from './lib/report';
import { measureRun, type RunUse } from './lib/run-meter';
import { demoAdminId } from './lib/schedules';
import { loadAverage, median, ms, percentile, thousands, timeRepeated } from './lib/stats';

const DATA_DIR = path.join(path.dirname(BENCH_DATA_DIR), 'bench-price-updates');
const PORT = 54_332;

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

const INCREASE = { direction: 'increase', amount: 1, marketId: null } as const;

async function run(db: Database, id: number, total: number, batchSize: number): Promise<RunUse> {
  collectGarbage();
  const { use } = await measureRun(total, (progressed) =>
    runPriceUpdate({ db, log: createLogger({ level: 'warn' }), batchSize, afterBatch: progressed }, id),
  );
  return use;
}

/** The update's counts as the list shows them, checked: every property once, the undo restoring every one. */
async function counts(service: PriceUpdatesService, id: number) {
  const update = await service.get(id);
  if (update.status !== 'completed') throw new Error(`update ${id} ended ${update.status}`);
  return update;
}

function row(label: string, properties: number, use: RunUse): string {
  return `| ${label} | ${thousands(properties)} | **${use.seconds.toFixed(1)} s** | ${thousands(properties / use.seconds)} | ${use.cpuSeconds.toFixed(0)} s | ${use.baselineRssMb} MB | **${use.peakRssMb} MB** | ${use.heapPeakMb} MB | ${use.atProgress || '—'} |`;
}

async function main(): Promise<void> {
  const target = Number(option('properties', '1000000'));
  const batchSize = Number(option('batch', '2000'));
  const runs = Number(option('runs', '5'));
  await withBenchDatabase({ poolSize: 6, dataDir: DATA_DIR, port: PORT }, async (bench) => {
    const { db } = bench;
    await ensureProperties(bench, target, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties with COPY...\n`),
    });
    // An update an earlier, interrupted run left running would refuse this one: it is marked failed.
    await db.execute(sql`update price_updates set status = 'failed' where status = 'in_progress'`);
    const actor = { id: await demoAdminId(db) };
    const service = createPriceUpdatesService({
      db,
      jobs: { enqueue: async () => 'bench' },
      // Nobody is e-mailed: the benchmark measures the prices, not the mail server.
      settings: { current: async () => ({ priceChangeEmails: false }) as SettingsValues },
    });

    const previewTimes = await timeRepeated(runs, 1, () => service.preview(INCREASE));
    const preview = await service.preview(INCREASE);
    process.stdout.write(
      `preview: ${thousands(preview.properties)} properties, median ${ms(median(previewTimes))} ms\n`,
    );

    const update = await service.start(INCREASE, actor);
    const applied = await run(db, update.id, update.total, batchSize);
    const afterApply = await counts(service, update.id);
    process.stdout.write(`${row('increase by $1.00', afterApply.changed, applied)}\n`);

    await service.undo(update.id, actor);
    const undone = await run(db, update.id, afterApply.changed, batchSize);
    const afterUndo = await counts(service, update.id);
    if (afterUndo.restored !== afterApply.changed) {
      throw new Error(`undo restored ${afterUndo.restored} of ${afterApply.changed}`);
    }
    printResults(
      `Bulk price update, ${resultsDate()}, load average ${loadAverage()}; ${thousands(target)} properties, ${thousands(preview.properties)} active; preview median ${ms(median(previewTimes))} ms, p95 ${ms(percentile(previewTimes, 0.95))} ms (${runs} runs)`,
      [
        '| run | properties | wall time | properties/s | CPU (Node) | RSS before | peak RSS | heap peak | RSS / heap used (MB) at progress |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ],
      [row('increase by $1.00', afterApply.changed, applied), row('its undo', afterUndo.restored, undone)],
    );
  });
}

runMain(main);
