/**
 * Price calculation benchmark (issue 11): median and p95 time of one price calculation through the API
 * (GET /api/logics/baggrass), against the target of a median under 5 ms.
 *
 *   npx tsx bench/price-calculation.ts [--runs 500]
 *
 * Database: its own small embedded PostgreSQL in .data/bench-prices on port 54339 (DATA_DIR / EMBEDDED_PG_PORT, or
 * DATABASE_URL), migrated (which seeds the default price table) and given the reference data and demo sign-ins; the
 * price tables do not grow with the customers, so no customers are loaded. One market gets a table of its own.
 *
 * Each scenario runs --runs calculations (default 500) with varied inputs (lot size, frequency, areas) after 50
 * warm-up calls:
 * - API: `app.inject` on the real app with the demo admin signed in: routing, access check (loads the user), query
 *   validation, the market and tier look-ups, the shared engine, response validation and serialisation.
 * - public API: the anonymous variant of the quote (`/api/web/logics/baggrass`), from a new address each call so the
 *   per-address limit never answers instead.
 * - engine: `calculatePrice` alone, for scale (in microseconds).
 */
import path from 'node:path';
import { calculatePrice, LOT_SIZE_TIERS, type Frequency, type LotSizeTable } from '@lawn/shared';
import { REPO_ROOT } from '../apps/api/src/config';
import { seedDatabase } from '../apps/api/src/db/seed/seed';
import type { App } from '../apps/api/src/app';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, timeEach } from './lib/stats';

const WARMUP = 50;
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-prices');
const PORT = 54_339;

type Inputs = { lotSize: number; frequency: Frequency; mowCut: string; isBagging: boolean };

/** Varied, repeatable inputs: every tier, every frequency, with and without bag grass and a single area. */
function inputs(count: number): Inputs[] {
  const areas = ['Front,Back', 'Front', 'Back'];
  return Array.from({ length: count }, (_, index) => ({
    lotSize: 1 + ((index * 7919) % 40_000),
    frequency: ((index % 4) + 1) as Frequency,
    mowCut: areas[index % areas.length] as string,
    isBagging: index % 3 === 0,
  }));
}

const query = (input: Inputs, extra: string) =>
  `lotSize=${input.lotSize}&srvFrequency=${input.frequency}&mowCut=${input.mowCut}&isBagging=${input.isBagging}${extra}`;

/** Gives one market a table of its own (a price changed), so the market scenario reads a market's own tiers. */
async function ownTableFor(app: App, authorization: string, marketId: number): Promise<void> {
  const table = await app.inject({ url: `/api/base-price?marketId=${marketId}`, headers: { authorization } });
  const current = table.json<LotSizeTable>();
  if (!current.usesDefault) return;
  const tiers = current.data.map((tier, index) =>
    index === 0 ? { ...tier, serviceFrequency: { ...tier.serviceFrequency, f1: tier.serviceFrequency.f1 + 1 } } : tier,
  );
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/base-price?marketId=${marketId}`,
    headers: { authorization },
    payload: { version: current.version, tiers },
  });
  if (saved.statusCode !== 200) throw new Error(`could not save a market table: ${saved.body}`);
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '500'));
  await withBenchDatabase({ poolSize: 10, dataDir: DATA_DIR, port: PORT }, async (bench) => {
    await seedDatabase(bench.db, { demoProperties: 0 });
    const server = await startBenchApp(bench);
    const markets = (await server.get('/api/markets')).json<{ data: { id: number; name: string }[] }>().data;
    const [own, onDefault] = markets;
    if (!own || !onDefault) throw new Error('the demo markets are missing');
    await ownTableFor(server.app, server.authorization, own.id);

    const cases = inputs(runs + WARMUP);
    const lines: string[] = [];
    /** `scale` 1000 shows microseconds (the engine alone), said in the scenario's name. */
    const record = (name: string, times: number[], scale = 1) => {
      const at = (fraction: number) => ms(percentile(times, fraction) * scale);
      lines.push(`| ${name} | ${times.length} | **${at(0.5)}** | ${at(0.95)} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const api = (extra: string) => (input: Inputs) => server.get(`/api/logics/baggrass?${query(input, extra)}`);

    record('API, tax rate given, default table', await timeEach(cases, WARMUP, api('&taxRate=8.25')));
    record(
      `API, market on the default table (${onDefault.name})`,
      await timeEach(cases, WARMUP, api(`&marketId=${onDefault.id}`)),
    );
    record(`API, market with its own table (${own.name})`, await timeEach(cases, WARMUP, api(`&marketId=${own.id}`)));
    let address = 0;
    record(
      'public API (anonymous), tax rate given',
      await timeEach(cases, WARMUP, async (input) => {
        address += 1;
        const response = await server.app.inject({
          url: `/api/web/logics/baggrass?${query(input, '&taxRate=8.25')}`,
          remoteAddress: `10.9.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
        });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      }),
    );
    const tier = LOT_SIZE_TIERS[2];
    if (!tier) throw new Error('no tier');
    record(
      'engine alone (calculatePrice), in µs',
      await timeEach(cases, WARMUP, async (input) =>
        calculatePrice({ tier, frequency: input.frequency, mowCut: ['Front', 'BagGrass'], taxRate: 6.875 }),
      ),
      1000,
    );

    printResults(
      `Price calculation, ${resultsDate()}, load average ${loadAverage()}`,
      ['| scenario | calls | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
