/**
 * Record autosave benchmark (issue 12): median and p95 time of one autosave round trip on the 1,000,000-property
 * bench database: PATCH /api/customers/{id} with the version the screen holds, as the record's tabs send it.
 *
 *   npx tsx bench/record-autosave.ts [--properties 200]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL). It must
 * hold the properties (run bench/customers-list.ts or `npm run seed` first). The saves are real: they change the
 * sampled properties and add one history entry each.
 *
 * Each scenario saves --properties (default 200) different live properties chosen at random, after 20 warm-up saves,
 * through `app.inject` on the real app with a signed-in admin (routing, access check, validation, the transaction
 * with its row lock, version check, history entry, and the record read back for the answer):
 * - a gate code (Property information; no price, no schedule);
 * - a lot size, which makes the server price the property anew from the market's table;
 * - the mow day (Service Information), which re-plans the property's schedule;
 * - a save from an older version, answered 409 without writing.
 */
import { LOT_SIZE_TIERS } from '@lawn/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { properties } from '../apps/api/src/db/schema';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, thousands, timeEach } from './lib/stats';

const WARMUP = 20;

type Sampled = { id: number; version: number; lotSize: string | null; weekDay: number };

/** The sampled properties as the record screen last read them: their version, lot size and mow day. */
async function readBack(db: Database, ids: readonly number[]): Promise<Sampled[]> {
  const rows = await db
    .select({
      id: properties.id,
      version: properties.version,
      lotSize: properties.lotSize,
      weekDay: properties.weekDay,
    })
    .from(properties)
    .where(inArray(properties.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Another lot size of the default table than the one the property has. */
const otherLotSize = (lotSize: string | null, index: number) => {
  const names = LOT_SIZE_TIERS.map((tier) => tier.name).filter((name) => name !== lotSize);
  return names[index % names.length] ?? 'Small';
};

async function main(): Promise<void> {
  const count = Number(option('properties', '200'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    const [total] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const sample = await db.execute<{ id: number }>(sql`
      select id from properties tablesample system (1)
      where deleted_at is null limit ${count + WARMUP}`);
    const ids = sample.rows.map((row) => row.id);
    if (ids.length < count + WARMUP) throw new Error(`only ${ids.length} properties sampled`);

    const server = await startBenchApp(bench);
    const patch = async (id: number, payload: Record<string, unknown>, expected = 200) => {
      const response = await server.app.inject({
        method: 'PATCH',
        url: `/api/customers/${id}`,
        headers: { authorization: server.authorization },
        payload,
      });
      if (response.statusCode !== expected) {
        throw new Error(`PATCH ${id}: ${response.statusCode} (expected ${expected}) ${response.body}`);
      }
    };

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const run = Date.now() % 10_000;

    record(
      'autosave a gate code (PATCH with the version)',
      await timeEach(await readBack(db, ids), WARMUP, ({ id, version }) =>
        patch(id, { gateCode: `#${run}-${id % 1000}`, version }),
      ),
    );
    record(
      'autosave a lot size: the server prices the property anew',
      await timeEach(await readBack(db, ids), WARMUP, ({ id, version, lotSize }) =>
        patch(id, { lotSize: otherLotSize(lotSize, id + run), version }),
      ),
    );
    record(
      'autosave the mow day: the schedule is re-planned',
      await timeEach(await readBack(db, ids), WARMUP, ({ id, version, weekDay }) =>
        patch(id, { weekDay: (weekDay % 5) + 1, version }),
      ),
    );
    // Every sampled property has been saved three times by now, so the version before its own is 1 or more.
    record(
      'a save from an older version: 409, nothing written',
      await timeEach(await readBack(db, ids), WARMUP, ({ id, version }) =>
        patch(id, { gateCode: 'stale', version: version - 1 }, 409),
      ),
    );
    printResults(
      `Record autosave, ${resultsDate()}, ${thousands(total?.total ?? 0)} properties, load average ${loadAverage()}`,
      ['| scenario | saves | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
