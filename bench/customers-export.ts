/**
 * Customer-list export benchmark: times the real export job (runCustomerExport: PostgreSQL cursor -> writer ->
 * temporary file -> the PostgreSQL file store, progress updates included) and measures the peak memory of the process that runs it.
 *
 *   node --import tsx bench/customers-export.ts [--rows 100000] [--formats csv,xlsx,pdf] [--columns default,all]
 *                                               [--repeat 3] [--in-app]
 *
 * Database: DATABASE_URL, or an embedded PostgreSQL in DATA_DIR. By default that is the list benchmark's
 * 1,000,000-property database (.data/bench, port 54330) when it exists, else a database of its own (.data/bench-export,
 * port 54331). Missing properties are generated with the customers module's bulk loader until there are --rows.
 * When the database holds exactly --rows live properties, the export is "Select all" over every status (the list's
 * filter and sort); when it holds more, it is the newest --rows properties chosen by id (sorted -id).
 *
 * Each export runs in a fresh child process, so its peak RSS (getrusage maxrss, plus sampling every 20 ms) is the
 * export's alone: Node, the modules, a pool, the cursor and the writer. With --in-app the child first builds the whole
 * API app (every module loaded, as in production, where the job runs in the API process). PDF exports are capped at
 * 5,000 rows.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CUSTOMER_COLUMNS, CUSTOMER_COLUMN_KEYS, type ReportFormat } from '@lawn/shared';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { reports, properties, users } from '../apps/api/src/db/schema';
import { PDF_MAX_ROWS } from '../apps/api/src/exports/export-types';
import { createLogger } from '../apps/api/src/logger';
import { reportFilename } from '../apps/api/src/modules/reports/report-files';
import { runCustomerExport } from '../apps/api/src/modules/reports/reports.service';
import { createPostgresFileStorage } from '../apps/api/src/storage/postgres-storage';
import { flag, option, runMain } from './lib/cli';
import { BENCH_DATA_DIR } from './lib/locations';
import { loadAverage, mb, median } from './lib/stats';

const SELF = fileURLToPath(import.meta.url);

type ChildResult = {
  ms: number;
  cpuMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  sampledPeakRssMb: number;
  heapPeakMb: number;
  buffersPeakMb: number;
};
type Measurement = {
  format: ReportFormat;
  columns: string;
  rows: number;
  bytes: number;
  runs: ChildResult[];
};

/** Child: runs one export job for an existing report row and reports time and memory on stdout. */
async function child(): Promise<void> {
  const reportId = Number(option('report', '0'));
  const url = option('url', '');
  const dataDir = option('data-dir', '');
  const log = createLogger({ level: 'warn' });
  const { pool, db } = createDatabase(url, log, { max: 4 });
  await db.execute(sql`select 1`);
  if (flag('in-app')) {
    // What the export costs inside the API process, where it runs in production: every module loaded, app built.
    const { buildApp } = await import('../apps/api/src/app');
    const { createMailer } = await import('../apps/api/src/mail/mailer');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn' });
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir, log });
    const app = await buildApp({ config, db, jobs: { enqueue: async () => '' }, mailer, logger: log });
    await app.ready();
  }
  let sampled = process.memoryUsage().rss;
  const baseline = sampled;
  let heapPeak = 0;
  let buffersPeak = 0;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    sampled = Math.max(sampled, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    buffersPeak = Math.max(buffersPeak, usage.arrayBuffers);
  }, 20);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // The default file store (PostgreSQL, on the bench database), as in the app.
  await runCustomerExport({ db, storage: createPostgresFileStorage(db), log }, reportId, { isLastAttempt: true });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  await pool.end();
  const result: ChildResult = {
    ms: Math.round(ms),
    // This process's own CPU (user + system): what the export costs here whatever else the machine is doing.
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    baselineRssMb: mb(baseline),
    // maxRSS is in kilobytes on Linux: the kernel's own high-water mark for this process.
    peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
    sampledPeakRssMb: mb(sampled),
    heapPeakMb: mb(heapPeak),
    buffersPeakMb: mb(buffersPeak),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const processHandle = spawn(process.execPath, ['--import', 'tsx', SELF, 'child', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    processHandle.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    processHandle.on('error', reject);
    processHandle.on('close', (code) => {
      if (code !== 0) return reject(new Error(`export child exited with ${code}`));
      const line = output.trim().split('\n').pop() ?? '';
      resolve(JSON.parse(line) as ChildResult);
    });
  });
}

async function parent(): Promise<void> {
  // The list benchmark's 1,000,000-property database when it exists; otherwise a 100,000-property one of our own.
  const shared = existsSync(path.join(BENCH_DATA_DIR, 'postgres'));
  const ownDatabase = shared ? {} : { dataDir: path.join(REPO_ROOT, '.data', 'bench-export'), port: 54_331 };
  const rows = Number(option('rows', '100000'));
  const formats = option('formats', 'csv,xlsx,pdf').split(',') as ReportFormat[];
  const columnSets = option('columns', 'default,all').split(',');
  const repeat = Number(option('repeat', '3'));
  const inApp = flag('in-app');

  // Only the parent needs these (the generator's reference data alone is tens of MB): the child never loads them.
  const { withBenchDatabase } = await import('./lib/database');
  const { ensureProperties } = await import('./lib/data');
  const measurements: Measurement[] = [];
  await withBenchDatabase({ poolSize: 4, ...ownDatabase }, async (bench) => {
    const { config, db } = bench;
    await ensureProperties(bench, rows, {
      liveOnly: true,
      onLoad: (missing) => process.stderr.write(`generating ${missing} properties...\n`),
    });
    const live = isNull(properties.deletedAt);
    // Loads and migrations (0002 rewrites every property) leave dead rows behind: measure on a settled table.
    await db.execute(sql`vacuum (analyze) customers, properties`);
    const [liveCount] = await db.select({ total: count() }).from(properties).where(live);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin')).limit(1);
    if (!owner) throw new Error('no Admin user to own the reports');

    /** Every live property (all statuses) when the database holds exactly `size`; else the newest `size` by id. */
    const selectionOf = async (size: number) => {
      if ((liveCount?.total ?? 0) === size) {
        return { query: { 'filter[statusOrders]': '', 'filter[status]': '', sort: '-id' } };
      }
      const newest = await db
        .select({ id: properties.id })
        .from(properties)
        .where(live)
        .orderBy(desc(properties.id))
        .limit(size);
      return { ids: newest.map((row) => row.id), query: { sort: '-id' } };
    };

    for (const columns of columnSets) {
      const select = columns === 'all' ? [...CUSTOMER_COLUMN_KEYS] : [...DEFAULT_CUSTOMER_COLUMNS];
      for (const format of formats) {
        const size = format === 'pdf' ? Math.min(rows, PDF_MAX_ROWS) : rows;
        const selection = await selectionOf(size);
        const measurement: Measurement = { format, columns, rows: 0, bytes: 0, runs: [] };
        for (let run = 0; run < repeat; run += 1) {
          const name = `bench ${format} ${columns} ${size}`;
          const [report] = await db
            .insert(reports)
            .values({
              userId: owner.id,
              name,
              filename: reportFilename(name, format),
              format,
              query: { select, ...selection },
            })
            .returning();
          if (!report) throw new Error('report not inserted');
          const result = await runChild([
            '--report',
            String(report.id),
            '--url',
            bench.url,
            '--data-dir',
            config.dataDir,
            ...(inApp ? ['--in-app'] : []),
          ]);
          const [done] = await db.select().from(reports).where(eq(reports.id, report.id));
          if (done?.status !== 'completed') throw new Error(`report ${report.id} ended ${done?.status}`);
          const storage = createPostgresFileStorage(db);
          const key = done.filePath ?? '';
          measurement.rows = done.rowCount;
          measurement.bytes = (await storage.stat(key))?.size ?? 0;
          measurement.runs.push(result);
          await storage.delete(key);
          await db.delete(reports).where(eq(reports.id, report.id));
          process.stderr.write(`${format} ${columns} run ${run + 1}: ${JSON.stringify(result)}\n`);
        }
        measurements.push(measurement);
      }
    }
  });

  const lines = [
    `| format | columns | rows | file | median time | runs (ms) | median CPU of the process | peak RSS (max of runs) | RSS before export |`,
    `|---|---|---:|---:|---:|---|---:|---:|---:|`,
    ...measurements.map((m) => {
      const times = m.runs.map((run) => run.ms);
      const cpu = median(m.runs.map((run) => run.cpuMs));
      const peak = Math.max(...m.runs.map((run) => Math.max(run.peakRssMb, run.sampledPeakRssMb)));
      const baseline = Math.max(...m.runs.map((run) => run.baselineRssMb));
      const columnCount = m.columns === 'all' ? CUSTOMER_COLUMN_KEYS.length : DEFAULT_CUSTOMER_COLUMNS.length;
      return `| ${m.format} | ${m.columns} (${columnCount}) | ${m.rows.toLocaleString('en-US')} | ${mb(m.bytes)} MB | ${(median(times) / 1000).toFixed(2)} s | ${times.join(', ')} | ${(cpu / 1000).toFixed(2)} s | ${peak} MB | ${baseline} MB |`;
    }),
  ];
  const where = inApp ? 'inside a built API app (buildApp, all modules loaded)' : 'in a bare child process';
  process.stdout.write(`Export ${where}; load average at the end: ${loadAverage(', ')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

runMain(process.argv[2] === 'child' ? child : parent);
