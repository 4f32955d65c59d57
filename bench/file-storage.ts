/**
 * File store benchmark: writes a report file into the store and reads it back, through the PostgreSQL store (the
 * default, `apps/api/src/storage/postgres-storage.ts`) and, for comparison, the local disk as files were kept before
 * (a temporary file renamed into place under a folder, read back with a file stream): `local` as the old code did it
 * (the bytes may still be in the page cache when it returns), `local-fsync` waiting for the disk as well.
 *
 *   npx tsx bench/file-storage.ts [--sizes 20,100] [--kinds csv,binary] [--stores local,local-fsync,postgres] [--repeat 5] [--cold]
 *
 * Files: `csv` is report-like text (compressible, as CSV exports are), `binary` is random bytes (incompressible, as
 * xlsx and pdf exports are). Each size is in MB (the target is 20 MB).
 *
 * Each write + read runs in a fresh child process, so its memory figures are its own: peak RSS (the kernel's
 * high-water mark, getrusage maxrss), RSS and V8 heap sampled every 10 ms, and the RSS before the work (Node, tsx, the
 * modules and a pool loaded). A store that held whole files in memory would show a peak RSS that grows with the size.
 * The bytes read back are checked against the file's SHA-256. Before the timing, the child writes and reads a 2 MB
 * file through the same store, as a running API process has run the code before (`--cold` leaves that out). CPU is
 * the child's own; server CPU is that of the database server's processes meanwhile (backends, WAL writer,
 * checkpointer: only when the server runs on this machine, as the embedded one does).
 *
 * Database: DATABASE_URL, or an embedded PostgreSQL of its own in .data/bench-files on port 54332.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { REPO_ROOT } from '../apps/api/src/config';
import { flag, option, runMain } from './lib/cli';
import { loadAverage, mb, median } from './lib/stats';

const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
/** The warm-up file: a little over two of the PostgreSQL store's chunks, so every step of a write and read runs. */
const WARM_UP_BYTES = 2 * MB + 12_345;

type Store = 'local' | 'local-fsync' | 'postgres';
type Kind = 'csv' | 'binary';

type ChildResult = {
  writeMs: number;
  readMs: number;
  cpuMs: number;
  /** CPU of the database server's processes (backends, WAL writer, checkpointer...) meanwhile; 0 for the disk. */
  serverCpuMs: number;
  baselineRssMb: number;
  peakRssMb: number;
  heapPeakMb: number;
  sha256: string;
};

/** Hashes a stream as it is read, holding nothing but the current chunk. */
async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** CPU time so far of each process of the database server (same machine), by process id, from /proc. */
async function serverCpuOf(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity');
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    // The first field of schedstat: nanoseconds on a CPU. A process that ended meanwhile is left out.
    const stat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => undefined);
    if (stat) cpu.set(pid, Number(stat.split(' ')[0]) / 1e6);
  }
  return cpu;
}

/** Child: one write and one read of `--file` through `--store`; prints its figures as one JSON line. */
async function child(): Promise<void> {
  const store = option('store', 'postgres') as Store;
  const source = option('file', '');
  const key = `reports/1/${path.basename(source)}`;
  let write: (file: string, key: string) => Promise<void>;
  let read: (key: string) => Promise<string>;
  let remove: (key: string) => Promise<void>;
  let close: () => Promise<void>;
  let serverCpu: () => Promise<Map<number, number>> = async () => new Map();

  if (store === 'postgres') {
    const { createDatabase } = await import('../apps/api/src/db/client');
    const { createLogger } = await import('../apps/api/src/logger');
    const { createPostgresFileStorage } = await import('../apps/api/src/storage/postgres-storage');
    const { pool, db } = createDatabase(option('url', ''), createLogger({ level: 'warn' }), { max: 4 });
    // Two connections open before the timing, as in a running API (a read asks for the next chunk while it hands
    // out one).
    const warm = await Promise.all([pool.connect(), pool.connect()]);
    for (const client of warm) client.release();
    serverCpu = () => serverCpuOf(pool);
    const storage = createPostgresFileStorage(db);
    write = async (file, key) => {
      await storage.put(key, createReadStream(file));
    };
    read = async (key) => {
      const file = await storage.read(key);
      if (!file) throw new Error('file not stored');
      return hashOf(file.stream);
    };
    remove = (key) => storage.delete(key);
    close = () => pool.end();
  } else {
    // The way files were kept before the store: written to a temporary name, then renamed into place. `local-fsync`
    // also waits for the disk, as a store that must not lose a file it said it kept (PostgreSQL's commit does).
    const root = await mkdtemp(path.join(REPO_ROOT, '.data', 'bench-local-files-'));
    const targetOf = (key: string) => path.join(root, ...key.split('/'));
    write = async (file, key) => {
      const target = targetOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(createReadStream(file), createWriteStream(`${target}.tmp`));
      if (store === 'local-fsync') {
        const handle = await open(`${target}.tmp`, 'r');
        await handle.sync();
        await handle.close();
      }
      await rename(`${target}.tmp`, target);
    };
    read = (key) => hashOf(createReadStream(targetOf(key)));
    remove = (key) => rm(targetOf(key), { force: true });
    close = () => rm(root, { recursive: true, force: true });
  }

  if (!flag('cold')) {
    // A running API process has run this code before: one write and read of a small file first, so the figures are
    // the work itself rather than the first run's compiling of the code (up to tens of milliseconds of CPU).
    const warmUp = `${source}.warm-up`;
    await pipeline(createReadStream(source, { end: WARM_UP_BYTES - 1 }), createWriteStream(warmUp));
    await write(warmUp, 'reports/1/warm-up');
    await read('reports/1/warm-up');
    await remove('reports/1/warm-up');
    await rm(warmUp);
  }

  const baseline = process.memoryUsage().rss;
  let heapPeak = 0;
  let rssPeak = baseline;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  }, 10);
  const serverBefore = await serverCpu();
  const cpuBefore = process.cpuUsage();
  const writeStarted = performance.now();
  await write(source, key);
  const writeMs = performance.now() - writeStarted;
  const readStarted = performance.now();
  const sha256 = await read(key);
  const readMs = performance.now() - readStarted;
  const cpu = process.cpuUsage(cpuBefore);
  let serverCpuMs = 0;
  for (const [pid, ms] of await serverCpu()) serverCpuMs += ms - (serverBefore.get(pid) ?? 0);
  clearInterval(timer);
  await remove(key);
  await close();
  const result: ChildResult = {
    writeMs: Math.round(writeMs),
    readMs: Math.round(readMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    serverCpuMs: Math.round(serverCpuMs),
    baselineRssMb: mb(baseline),
    // maxRSS is in kilobytes on Linux; the sampled peak catches what the high-water mark of start-up hides.
    peakRssMb: Math.max(mb(process.resourceUsage().maxRSS * 1024), mb(rssPeak)),
    heapPeakMb: mb(heapPeak),
    sha256,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runChild(args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const handle = spawn(process.execPath, ['--import', 'tsx', SELF, 'child', ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    handle.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    handle.on('error', reject);
    handle.on('close', (code) => {
      if (code !== 0) return reject(new Error(`child exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop() ?? '') as ChildResult);
    });
  });
}

/** A file of `sizeMb` MB: report-like CSV lines, or random bytes; returns its SHA-256. */
async function makeFile(file: string, kind: Kind, sizeMb: number): Promise<string> {
  const total = sizeMb * MB;
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let written = 0, row = 0; written < total;) {
      let piece: Buffer;
      if (kind === 'binary') {
        piece = randomBytes(Math.min(MB, total - written));
      } else {
        const lines: string[] = [];
        for (let line = 0; line < 2000; line += 1, row += 1) {
          lines.push(`Customer ${row},${row % 9000} Oak St,A${100_000 + row},Dallas,Active,${(row % 97) + 25}.50\n`);
        }
        piece = Buffer.from(lines.join('')).subarray(0, total - written);
      }
      written += piece.length;
      yield piece;
    }
  }
  const hash = createHash('sha256');
  await pipeline(
    pieces(),
    async function* (source: AsyncIterable<Buffer>) {
      for await (const piece of source) {
        hash.update(piece);
        yield piece;
      }
    },
    createWriteStream(file),
  );
  return hash.digest('hex');
}

async function parent(): Promise<void> {
  const sizes = option('sizes', '20,100').split(',').map(Number);
  const kinds = option('kinds', 'csv,binary').split(',') as Kind[];
  const repeat = Number(option('repeat', '5'));
  const stores = option('stores', 'local,local-fsync,postgres').split(',') as Store[];
  const folder = await mkdtemp(path.join(tmpdir(), 'lawn-bench-source-'));
  const { withBenchDatabase } = await import('./lib/database');
  const lines: string[] = [];
  try {
    await withBenchDatabase(
      { poolSize: 2, dataDir: path.join(REPO_ROOT, '.data', 'bench-files'), port: 54_332 },
      async (bench) => {
        for (const sizeMb of sizes) {
          for (const kind of kinds) {
            const file = path.join(folder, `${sizeMb}mb-${kind}.${kind === 'csv' ? 'csv' : 'xlsx'}`);
            const expected = await makeFile(file, kind, sizeMb);
            const bytes = (await stat(file)).size;
            // Round by round, every store once a round: a load that drifts during the runs weighs on each store alike.
            const runsOf = new Map<Store, ChildResult[]>(stores.map((store) => [store, []]));
            for (let run = 0; run < repeat; run += 1) {
              for (const store of stores) {
                const result = await runChild([
                  ...['--store', store, '--file', file, '--url', bench.url],
                  ...(flag('cold') ? ['--cold'] : []),
                ]);
                if (result.sha256 !== expected) throw new Error(`${store} read back other bytes than it was given`);
                runsOf.get(store)?.push(result);
                process.stderr.write(`${store} ${kind} ${sizeMb} MB run ${run + 1}: ${JSON.stringify(result)}\n`);
              }
            }
            for (const store of stores) {
              const runs = runsOf.get(store) ?? [];
              const writes = runs.map((run) => run.writeMs);
              const reads = runs.map((run) => run.readMs);
              lines.push(
                `| ${store} | ${kind} | ${mb(bytes)} MB | ${median(writes)} ms | ${median(reads)} ms | ` +
                  `${median(writes.map((ms, index) => ms + (reads[index] ?? 0)))} ms | ${median(runs.map((run) => run.cpuMs))} ms | ` +
                  `${median(runs.map((run) => run.serverCpuMs))} ms | ` +
                  `${Math.max(...runs.map((run) => run.peakRssMb))} MB | ${Math.max(...runs.map((run) => run.heapPeakMb))} MB | ` +
                  `${Math.max(...runs.map((run) => run.baselineRssMb))} MB |`,
              );
            }
          }
        }
      },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  process.stdout.write(
    `File store: write + read back, ${repeat} runs each; load average at the end: ${loadAverage(', ')}\n`,
  );
  process.stdout.write(
    [
      '| store | content | size | write (median) | read (median) | write + read (median) | CPU (median) | server CPU (median) | peak RSS (max) | heap peak (max) | RSS before |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...lines,
    ].join('\n') + '\n',
  );
}

runMain(process.argv[2] === 'child' ? child : parent);
