/**
 * Customer list throughput benchmark: how many default list pages (50 rows, `sort=-id`, `include=userEdit,userNote`)
 * the API serves a second over real HTTP, next to `GET /api/health` in the same run, and the mean time of one list
 * request at a single connection. The goal is a list rate of at least a quarter of the health check's (ratio 0.25)
 * and 2.5 ms at one connection.
 *
 *   npx tsx bench/customers-list-throughput.ts [--seconds 10] [--connections 16] [--rounds 2] [--cpu-prof DIR]
 *
 * - Database: the list benchmark's (`.data/bench` on port 54330, DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL),
 *   filled to BENCH_PROPERTIES (default 1,000,000) properties first when it holds fewer.
 * - Server: the real app (`buildApp`, as `bench/lib/app.ts` builds it: no web app, log level warn) listening on a
 *   free port of 127.0.0.1 in a child process of its own, so the load generator does not share its event loop.
 *   `--cpu-prof DIR` runs that child under `node --cpu-prof` and writes its profile into DIR when it stops; the run
 *   then loads only the list (`--rounds` x `--seconds`), so the profile is the list's alone.
 * - Load: `--connections` keep-alive connections, each sending the next request as soon as the previous answer has
 *   been read, for `--seconds` per scenario, with the demo admin's bearer token and `accept-encoding: gzip, deflate`
 *   as a browser sends them. Health and list alternate for `--rounds` rounds after a 3-second warm-up of each, so
 *   both see the same machine; the ratio is of the summed rates. Then `--latency-requests` (default 500) list
 *   requests one after the other at a single connection: mean and p95.
 * - Server CPU: the server process's user + system CPU time (from /proc) over each scenario, per request. Rates on a
 *   shared machine follow whatever else runs; the CPU an answer costs the server barely does, so its ratio (health's
 *   CPU per request over the list's) is the steadier figure of how many list pages the server can answer per health
 *   check.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../apps/api/src/config';
import { option, runMain } from './lib/cli';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, thousands } from './lib/stats';

const SELF = fileURLToPath(import.meta.url);
const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const LIST_URL = '/api/customers?page=1&limit=50&sort=-id&include=userEdit,userNote';
const HEALTH_URL = '/api/health';

type Served = { port: number; authorization: string };

/** The child: the real app listening on a free port, its address and token printed as one JSON line. */
async function child(): Promise<void> {
  const { withBenchDatabase } = await import('./lib/database');
  const { startBenchApp } = await import('./lib/app');
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { app, authorization, close } = await startBenchApp(bench);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const served: Served = { port: address.port, authorization };
    process.stdout.write(`${JSON.stringify(served)}\n`);
    // Runs until the parent closes its standard input.
    await new Promise<void>((resolve) => {
      process.stdin.on('end', resolve);
      process.stdin.resume();
    });
    await close();
  });
}

function startServer(
  databaseUrl: string,
  cpuProfileDir: string | null,
): Promise<{ served: Served; child: ChildProcess }> {
  const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const handle = spawn(process.execPath, [...profile, '--import', 'tsx', SELF, 'child'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    handle.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{"port"'));
      if (line) resolve({ served: JSON.parse(line) as Served, child: handle });
    });
    handle.on('error', reject);
    handle.on('close', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

type Client = { agent: http.Agent; port: number; authorization: string };

/**
 * CPU seconds (user + system) the server process has used, from /proc (Linux; clock ticks of 10 ms). Per request it
 * tells what each answer costs the server whatever else the machine is running.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One GET, its body read to the end; anything but 200 fails the benchmark. */
function get(client: Client, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        agent: client.agent,
        host: '127.0.0.1',
        port: client.port,
        path: url,
        headers: { authorization: client.authorization, 'accept-encoding': 'gzip, deflate' },
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        response.on('data', () => undefined);
        response.on('end', () => resolve());
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

type Rate = { perSecond: number; cpuMsPerRequest: number };

/** Requests per second over `seconds`, with `connections` requests always in flight, and the server's CPU per request. */
async function rate(client: Client, url: string, connections: number, seconds: number, pid: number): Promise<Rate> {
  const cpuBefore = cpuSeconds(pid);
  const stopAt = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  const loop = async () => {
    while (performance.now() < stopAt) {
      await get(client, url);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const perSecond = done / ((performance.now() - started) / 1000);
  return { perSecond, cpuMsPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1000) / done };
}

async function parent(): Promise<void> {
  const seconds = Number(option('seconds', '10'));
  const connections = Number(option('connections', '16'));
  const rounds = Number(option('rounds', '2'));
  const latencyRequests = Number(option('latency-requests', '500'));
  const cpuProfileDir = option('cpu-prof', '') || null;

  const { withBenchDatabase } = await import('./lib/database');
  const { ensureProperties } = await import('./lib/data');
  await withBenchDatabase({ poolSize: 2 }, async (bench) => {
    await ensureProperties(bench, TARGET, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties...\n`),
    });
    const { rows } = await bench.pool.query<{ total: number }>('select count(*)::int as total from properties');
    await measure(bench.url, rows[0]?.total ?? 0, { seconds, connections, rounds, latencyRequests, cpuProfileDir });
  });
}

async function measure(
  databaseUrl: string,
  properties: number,
  options: {
    seconds: number;
    connections: number;
    rounds: number;
    latencyRequests: number;
    cpuProfileDir: string | null;
  },
): Promise<void> {
  const { seconds, connections, rounds, latencyRequests, cpuProfileDir } = options;
  const { served, child: server } = await startServer(databaseUrl, cpuProfileDir);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const client: Client = { agent, ...served };
  const pid = server.pid ?? 0;
  try {
    if (cpuProfileDir) {
      // A profile of the list alone: no health rounds, no single-connection run.
      const listRate = await rate(client, LIST_URL, connections, seconds * rounds, pid);
      process.stdout.write(`list ${thousands(listRate.perSecond)}/s under the profiler; profile in ${cpuProfileDir}\n`);
      return;
    }
    await rate(client, HEALTH_URL, connections, 3, pid);
    await rate(client, LIST_URL, connections, 3, pid);
    const health: Rate[] = [];
    const list: Rate[] = [];
    for (let round = 0; round < rounds; round += 1) {
      health.push(await rate(client, HEALTH_URL, connections, seconds, pid));
      list.push(await rate(client, LIST_URL, connections, seconds, pid));
      process.stdout.write(
        `round ${round + 1}: health ${thousands(health.at(-1)?.perSecond ?? 0)}/s, list ${thousands(list.at(-1)?.perSecond ?? 0)}/s\n`,
      );
    }
    const single: Client = { ...client, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
    for (let index = 0; index < 50; index += 1) await get(single, LIST_URL);
    const times: number[] = [];
    for (let index = 0; index < latencyRequests; index += 1) {
      const started = performance.now();
      await get(single, LIST_URL);
      times.push(performance.now() - started);
    }
    single.agent.destroy();
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const healthRate = sum(health.map((each) => each.perSecond)) / rounds;
    const listRate = sum(list.map((each) => each.perSecond)) / rounds;
    const healthCpu = sum(health.map((each) => each.cpuMsPerRequest)) / rounds;
    const listCpu = sum(list.map((each) => each.cpuMsPerRequest)) / rounds;
    printResults(
      `${resultsDate()}, ${thousands(properties)} properties, ${connections} connections, ${rounds} x ${seconds} s each, load average ${loadAverage()}`,
      [
        '| scenario | health req/s | list req/s | list / health | list mean ms, 1 connection | list p95 ms, 1 connection | server CPU ms per request: health, list (ratio) |',
        '|---|---:|---:|---:|---:|---:|---:|',
      ],
      [
        `| default list page | ${thousands(healthRate)} | ${thousands(listRate)} | ${(listRate / healthRate).toFixed(2)} | ${(sum(times) / times.length).toFixed(2)} | ${ms(percentile(times, 0.95))} | ${healthCpu.toFixed(3)}, ${listCpu.toFixed(3)} (${(healthCpu / listCpu).toFixed(2)}) |`,
      ],
    );
  } finally {
    agent.destroy();
    server.removeAllListeners('close');
    const closed = new Promise((resolve) => server.on('close', resolve));
    server.stdin?.end();
    await closed;
  }
}

runMain(process.argv[2] === 'child' ? child : parent);
