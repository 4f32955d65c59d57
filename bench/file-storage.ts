/**
 * File store benchmark: writes a report file into the store and reads it back, through the PostgreSQL store (the
 * default, `apps/api/src/storage/postgres-storage.ts`) and, for comparison, the local disk as files were kept before
 * (a temporary file renamed into place under a folder, read back with a file stream): `local` as the old code did it
 * (the bytes may still be in the page cache when it returns), `local-fsync` waiting for the disk as well.
 *
 *   npx tsx bench/file-storage.ts [--sizes 20,100] [--kinds csv,binary] [--stores local,local-fsync,postgres] [--repeat 5]
 *
 * Files: `csv` is report-like text (compressible, as CSV exports are), `binary` is random bytes (incompressible, as
 * xlsx and pdf exports are). Each size is in MB (the target is 20 MB).
 *
 * Each write + read runs in a fresh child process, so its memory figures are its own: peak RSS (the kernel's
 * high-water mark, getrusage maxrss), RSS and V8 heap sampled every 10 ms, and the RSS before the work (Node, tsx, the
 * modules and a pool loaded). A store that held whole files in memory would show a peak RSS that grows with the size.
 * The bytes read back are checked against the file's SHA-256.
 *
 * Database: DATABASE_URL, or an embedded PostgreSQL of its own in .data/bench-files on port 54332.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../apps/api/src/config';
import { option, runMain } from './lib/cli';
import { loadAverage, mb, median } from './lib/stats';

const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;

type Store = 'local' | 'local-fsync' | 'postgres';
type Kind = 'csv' | 'binary';

type ChildResult = {
  writeMs: number;
  readMs: number;
  cpuMs: number;
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

/** Child: one write and one read of `--file` through `--store`; prints its figures as one JSON line. */
async function child(): Promise<void> {
  const store = option('store', 'postgres') as Store;
  const source = option('file', '');
  const key = `reports/1/${path.basename(source)}`;
  let write: () => Promise<void>;
  let read: () => Promise<string>;
  let close: () => Promise<void>;

  if (store === 'postgres') {
    const { createDatabase } = await import('../apps/api/src/db/client');
    const { createLogger } = await import('../apps/api/src/logger');
    const { createPostgresFileStorage } = await import('../apps/api/src/storage/postgres-storage');
    const { pool, db } = createDatabase(option('url', ''), createLogger({ level: 'warn' }), { max: 4 });
    await pool.query('select 1');
    const storage = createPostgresFileStorage(db);
    write = async () => {
      await storage.put(key, createReadStream(source));
    };
    read = async () => {
      const file = await storage.read(key);
      if (!file) throw new Error('file not stored');
      return hashOf(file.stream);
    };
    close = async () => {
      await storage.delete(key);
      await pool.end();
    };
  } else {
    // The way files were kept before the store: written to a temporary name, then renamed into place. `local-fsync`
    // also waits for the disk, as a store that must not lose a file it said it kept (PostgreSQL's commit does).
    const root = await mkdtemp(path.join(REPO_ROOT, '.data', 'bench-local-files-'));
    const target = path.join(root, ...key.split('/'));
    write = async () => {
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(createReadStream(source), createWriteStream(`${target}.tmp`));
      if (store === 'local-fsync') {
        const handle = await open(`${target}.tmp`, 'r');
        await handle.sync();
        await handle.close();
      }
      await rename(`${target}.tmp`, target);
    };
    read = () => hashOf(createReadStream(target));
    close = () => rm(root, { recursive: true, force: true });
  }

  const baseline = process.memoryUsage().rss;
  let heapPeak = 0;
  let rssPeak = baseline;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  }, 10);
  const cpuBefore = process.cpuUsage();
  const writeStarted = performance.now();
  await write();
  const writeMs = performance.now() - writeStarted;
  const readStarted = performance.now();
  const sha256 = await read();
  const readMs = performance.now() - readStarted;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  await close();
  const result: ChildResult = {
    writeMs: Math.round(writeMs),
    readMs: Math.round(readMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
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
                const result = await runChild(['--store', store, '--file', file, '--url', bench.url]);
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
      '| store | content | size | write (median) | read (median) | write + read (median) | CPU (median) | peak RSS (max) | heap peak (max) | RSS before |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...lines,
    ].join('\n') + '\n',
  );
}

runMain(process.argv[2] === 'child' ? child : parent);
