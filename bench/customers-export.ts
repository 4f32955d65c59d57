/**
 * Customer-list export benchmark: times the real export job (runCustomerExport: for XLSX and PDF a PostgreSQL cursor ->
 * writer -> temporary file -> the PostgreSQL file store; for CSV PostgreSQL's COPY straight into the file store;
 * progress updates included) and measures the peak memory of the process that runs it. CSV is timed from the request
 * to completed (POST /api/reports/customers on a built app with its job queue and workers, until the report row is
 * completed), beside the bare `COPY (the export's query) TO STDOUT` of the same rows in the same run.
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
import {
  DEFAULT_CUSTOMER_COLUMNS,
  CUSTOMER_COLUMN_KEYS,
  type CustomerColumn,
  type Report,
  type ReportFormat,
} from '@lawn/shared';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { reports, properties, users } from '../apps/api/src/db/schema';
import { PDF_MAX_ROWS } from '../apps/api/src/exports/export-types';
import { createLogger } from '../apps/api/src/logger';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo-data';
import { customerExportCsv } from '../apps/api/src/modules/customers/customers.service';
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
  /** `csv` from the request to completed; `copy` the bare COPY of the same rows. */
  format: ReportFormat | 'copy';
  columns: string;
  rows: number;
  bytes: number;
  runs: ChildResult[];
};

type Selection = { ids?: number[]; query?: Record<string, string> };

/** Samples the process's memory every 20 ms while `work` runs; answers time, CPU and memory. */
async function measured(work: () => Promise<void>): Promise<ChildResult> {
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
  await work();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  return {
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
}

/**
 * Child: one export, timed. `--mode job` runs the export job for an existing report row; `--mode request` asks for a
 * CSV export through a built app with its job queue and workers (as `npm start` runs them) and waits until the report
 * is completed; `--mode copy` only reads `COPY (the export's query) TO STDOUT` for the same rows. Reports time and
 * memory on stdout.
 */
async function child(): Promise<void> {
  const mode = option('mode', 'job');
  const url = option('url', '');
  const dataDir = option('data-dir', '');
  const log = createLogger({ level: 'warn' });
  const { pool, db } = createDatabase(url, log, { max: 6 });
  await db.execute(sql`select 1`);
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'warn' });
  const closers: (() => Promise<void>)[] = [];
  let result: ChildResult;
  if (mode === 'copy') {
    const selection = JSON.parse(option('selection', '{}')) as Selection;
    const select = option('select', '').split(',') as CustomerColumn[];
    let bytes = 0;
    result = await measured(async () => {
      for await (const chunk of customerExportCsv(db, selection, select)) bytes += chunk.length;
    });
    process.stderr.write(`copy: ${bytes} bytes\n`);
  } else if (mode === 'request' || flag('in-app')) {
    // What the export costs inside the API process, where it runs in production: every module loaded, app built.
    const { buildApp } = await import('../apps/api/src/app');
    const { createMailer } = await import('../apps/api/src/mail/mailer');
    const { startJobQueue } = await import('../apps/api/src/jobs/queue');
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir, log });
    const isRequest = mode === 'request';
    const jobs = isRequest
      ? await startJobQueue({
          databaseUrl: url,
          log,
          pollingIntervalSeconds: config.jobPollingIntervalSeconds,
          background: false,
        })
      : { enqueue: async () => '' };
    const app = await buildApp({ config, db, jobs, mailer, logger: log });
    await app.ready();
    closers.push(async () => {
      await app.close();
      if ('stop' in jobs) await jobs.stop();
    });
    if (isRequest && 'startWorkers' in jobs) {
      await jobs.startWorkers({ db, mailer, config, log });
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
      const authorization = `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}`;
      // Let every worker's first look for jobs pass, as in a process that has been up a while.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const payload = JSON.parse(option('payload', '{}')) as object;
      let reportId = 0;
      result = await measured(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/reports/customers',
          headers: { authorization },
          payload,
        });
        if (response.statusCode !== 202) throw new Error(`export request: ${response.statusCode} ${response.body}`);
        reportId = response.json<{ data: Report }>().data.id;
        for (;;) {
          const [row] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, reportId));
          if (row?.status === 'completed') break;
          if (row?.status !== 'requested' && row?.status !== 'in_progress') throw new Error(`report ${row?.status}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
      process.stderr.write(`report ${reportId}\n`);
      process.stdout.write(`report:${reportId}\n`);
    } else {
      const reportId = Number(option('report', '0'));
      result = await measured(() =>
        runCustomerExport({ db, storage: createPostgresFileStorage(db), log }, reportId, { isLastAttempt: true }),
      );
    }
  } else {
    const reportId = Number(option('report', '0'));
    // The default file store (PostgreSQL, on the bench database), as in the app.
    result = await measured(() =>
      runCustomerExport({ db, storage: createPostgresFileStorage(db), log }, reportId, { isLastAttempt: true }),
    );
  }
  for (const close of closers) await close();
  await pool.end();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(args: string[]): Promise<ChildResult & { reportId?: number }> {
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
      const lines = output.trim().split('\n');
      const report = lines.find((line) => line.startsWith('report:'));
      resolve({
        ...(JSON.parse(lines.at(-1) ?? '') as ChildResult),
        ...(report ? { reportId: Number(report.slice('report:'.length)) } : {}),
      });
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

    const common = ['--url', bench.url, '--data-dir', config.dataDir];
    /** Checks the report a run wrote, notes its rows and file size, then removes both. */
    const collect = async (measurement: Measurement, reportId: number) => {
      const [done] = await db.select().from(reports).where(eq(reports.id, reportId));
      if (done?.status !== 'completed') throw new Error(`report ${reportId} ended ${done?.status}`);
      const storage = createPostgresFileStorage(db);
      const key = done.filePath ?? '';
      measurement.rows = done.rowCount;
      measurement.bytes = (await storage.stat(key))?.size ?? 0;
      await storage.delete(key);
      await db.delete(reports).where(eq(reports.id, reportId));
    };

    for (const columns of columnSets) {
      const select = columns === 'all' ? [...CUSTOMER_COLUMN_KEYS] : [...DEFAULT_CUSTOMER_COLUMNS];
      for (const format of formats) {
        const size = format === 'pdf' ? Math.min(rows, PDF_MAX_ROWS) : rows;
        const selection = await selectionOf(size);
        const measurement: Measurement = { format, columns, rows: 0, bytes: 0, runs: [] };
        // CSV: the bare COPY of the same rows, measured run by run beside the export, so both see the same machine.
        const copy: Measurement = { format: 'copy', columns, rows: size, bytes: 0, runs: [] };
        for (let run = 0; run < repeat; run += 1) {
          const name = `bench ${format} ${columns} ${size}`;
          if (format === 'csv') {
            const copied = await runChild([
              '--mode',
              'copy',
              '--selection',
              JSON.stringify(selection),
              '--select',
              select.join(','),
              ...common,
            ]);
            copy.runs.push(copied);
            process.stderr.write(`copy ${columns} run ${run + 1}: ${JSON.stringify(copied)}\n`);
            const target = selection.ids ? { ids: selection.ids } : { clients: 'all' };
            const payload = { nameDoc: name, typeDoc: 'csv', select, ...target, query: selection.query };
            const result = await runChild(['--mode', 'request', '--payload', JSON.stringify(payload), ...common]);
            await collect(measurement, result.reportId ?? 0);
            copy.bytes = measurement.bytes;
            measurement.runs.push(result);
            process.stderr.write(`csv ${columns} run ${run + 1} (request to completed): ${JSON.stringify(result)}\n`);
            continue;
          }
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
          const result = await runChild(['--report', String(report.id), ...common, ...(inApp ? ['--in-app'] : [])]);
          await collect(measurement, report.id);
          measurement.runs.push(result);
          process.stderr.write(`${format} ${columns} run ${run + 1}: ${JSON.stringify(result)}\n`);
        }
        if (format === 'csv') measurements.push(copy);
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
      const what = { copy: 'COPY TO STDOUT', csv: 'csv, request to completed' }[m.format as string] ?? m.format;
      return `| ${what} | ${m.columns} (${columnCount}) | ${m.rows.toLocaleString('en-US')} | ${mb(m.bytes)} MB | ${(median(times) / 1000).toFixed(2)} s | ${times.join(', ')} | ${(cpu / 1000).toFixed(2)} s | ${peak} MB | ${baseline} MB |`;
    }),
  ];
  const where = inApp
    ? 'inside a built API app (buildApp, all modules loaded)'
    : 'in a bare child process (CSV: a built app with its job queue)';
  process.stdout.write(`Export ${where}; load average at the end: ${loadAverage(', ')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

runMain(process.argv[2] === 'child' ? child : parent);
