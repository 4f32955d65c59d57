/**
 * Places benchmark (issue 11): the zip look-up through the API under 5 ms median, and address suggestions under 50 ms
 * p95 with 1,000,000 known addresses.
 *
 *   npx tsx bench/places-lookups.ts [--lookups 300]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL), filled to
 * BENCH_PROPERTIES (default 1,000,000) with the seed's COPY loader when smaller. The seed's service zones cover every
 * zip of the demo markets' cities.
 *
 * Each scenario makes --lookups (default 300) different requests after 20 warm-up ones, through `app.inject` on the
 * real app with a signed-in admin (routing, access check, validation, the service's SQL, serialisation); the public
 * routes anonymously, each request from its own client address so their per-address limit does not answer instead.
 * - Zip look-ups: zips of the service zones, at random.
 * - Suggestions: what a person types on the way to a real address of the table (a random sample of its pages): the
 *   house number and the first letters of the street, a house number and one letter, the street alone, the number
 *   and street with the zip already known, and the start of a house number (the known-address prefix).
 */
import { sql } from 'drizzle-orm';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { ensureProperties } from './lib/data';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, thousands, timeEach } from './lib/stats';

const TARGET = Number(process.env['BENCH_PROPERTIES'] ?? 1_000_000);
const WARMUP = 20;

type Address = { address: string; zipcode: string };

/** "4821 Maple Avenue" as its house number and street. */
function split(address: string): { number: string; street: string } {
  const match = /^\s*(\d+[A-Za-z]?)\s+(.*)$/.exec(address);
  return { number: match?.[1] ?? '', street: match?.[2] ?? address };
}

let ipCounter = 0;
/** A client address per request (10.x.y.z), so the public routes' per-address limit never answers instead. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 65_025) % 250}.${Math.floor(ipCounter / 255) % 255}.${(ipCounter % 255) + 1}`;
}

async function main(): Promise<void> {
  const count = Number(option('lookups', '300'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    const load = await ensureProperties(bench, TARGET, {
      onLoad: (missing) => process.stdout.write(`loading ${thousands(missing)} properties with COPY...\n`),
    });
    if (load.loaded > 0) await db.execute(sql`vacuum (analyze) customers, properties`);
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const zips = (
      await db.execute<{ zipcode: string }>(
        sql`select zipcode from service_zones order by random() limit ${count + WARMUP}`,
      )
    ).rows.map((row) => row.zipcode);
    const sample = (
      await db.execute<Address>(sql`
        select service_address as address, zipcode from properties tablesample system (0.1)
        where deleted_at is null limit ${count + WARMUP}`)
    ).rows;
    if (sample.length < count + WARMUP) throw new Error(`only ${sample.length} addresses sampled`);
    // The sample of zips is as long as the zones allow; repeat it to the run's length.
    const zipInputs = Array.from({ length: count + WARMUP }, (_, index) => zips[index % zips.length] as string);

    const server = await startBenchApp(bench);
    const anonymous = async (url: string) => {
      const response = await server.app.inject({ url, remoteAddress: nextIp() });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    };
    const lines: string[] = [];
    const record = async <T>(name: string, inputs: readonly T[], call: (input: T) => Promise<unknown>) => {
      const times = await timeEach(inputs, WARMUP, call);
      lines.push(
        `| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | **${ms(percentile(times, 0.95))}** |`,
      );
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const suggest = (query: Record<string, string>) => `/api/places/suggestions?${new URLSearchParams(query)}`;
    const publicSuggest = (query: Record<string, string>) =>
      `/api/web/places/suggestions?${new URLSearchParams(query)}`;

    await record('zip look-up, staff (GET /api/zip-code/{zip})', zipInputs, (zip) =>
      server.get(`/api/zip-code/${zip}`),
    );
    await record('zip look-up, public (GET /api/web/zip-code/{zip})', zipInputs, (zip) =>
      anonymous(`/api/web/zip-code/${zip}`),
    );
    await record('zip to city and state (GET /api/us-zips/{zip})', zipInputs, (zip) =>
      server.get(`/api/us-zips/${zip}`),
    );
    await record('suggestions, staff: number + 3 letters of the street', sample, ({ address }) => {
      const { number, street } = split(address);
      return server.get(suggest({ q: `${number} ${street.slice(0, 3)}` }));
    });
    await record('suggestions, staff: number + 1 letter', sample, ({ address }) => {
      const { number, street } = split(address);
      return server.get(suggest({ q: `${number} ${street.slice(0, 1)}` }));
    });
    await record('suggestions, staff: first 2 digits of a number (known addresses)', sample, ({ address }) =>
      server.get(suggest({ q: `${split(address).number.slice(0, 2)} ` })),
    );
    await record('suggestions, staff: street alone (4 letters)', sample, ({ address }) =>
      server.get(suggest({ q: split(address).street.slice(0, 4) })),
    );
    await record('suggestions, staff: number + 3 letters, zip known', sample, ({ address, zipcode }) => {
      const { number, street } = split(address);
      return server.get(suggest({ q: `${number} ${street.slice(0, 3)}`, zipcode }));
    });
    await record('suggestions, staff: bare number, zip known', sample, ({ address, zipcode }) =>
      server.get(suggest({ q: split(address).number, zipcode })),
    );
    await record('suggestions, public: number + 3 letters of the street', sample, ({ address }) => {
      const { number, street } = split(address);
      return anonymous(publicSuggest({ q: `${number} ${street.slice(0, 3)}` }));
    });
    printResults(
      `Places look-ups, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, ${thousands(zips.length)} service zones, load average ${loadAverage()}`,
      ['| scenario | requests | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
