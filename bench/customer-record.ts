/**
 * Customer record benchmark (issue 12): median and p95 time of opening a record on the 1,000,000-property bench
 * database: its header (GET /api/customers/{id}) and the first page of its call notes (GET
 * /api/customers/{id}/notes?filter[typeId]=1&sort=-id&page=1&limit=5), and the navigator's position query.
 *
 *   npx tsx bench/customer-record.ts [--properties 200]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL). It must
 * hold the properties (run bench/customers-list.ts or `npm run seed` first). When it has no notes yet, every
 * property gets 0 to 5 call notes (2.5 on average) and every tenth one a special request, in one statement.
 *
 * Each scenario opens --properties (default 200) different live properties chosen at random, after 20 warm-up
 * opens, through `app.inject` on the real app with a signed-in admin (routing, access check, the services' SQL,
 * response validation and serialisation):
 * - header and call notes together, as the record screen asks for them (side by side);
 * - the same with the navigator's position query of the default list, as a record opened from the list;
 * - each call alone, and the position query far down the list.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { demoAdminId } from './lib/schedules';
import { loadAverage, ms, percentile, thousands, timeEach } from './lib/stats';

const WARMUP = 20;
const NOTES = '?filter[typeId]=1&sort=-id&page=1&limit=5';
const POSITION = (position: number) =>
  `/api/customers?render=paginate&page=${position}&limit=1&sort=-id&filter[statusOrders]=1&filter[status]=1`;

/** Call notes for every property (0 to 5, by id) and a special request for every tenth, once. */
async function ensureNotes(db: Database): Promise<number> {
  const [existing] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from notes`)).rows;
  if ((existing?.total ?? 0) > 0) return existing?.total ?? 0;
  const author = await demoAdminId(db);
  process.stdout.write('writing the bench notes (about 2.6 million rows)...\n');
  await db.execute(sql`
    insert into notes (property_id, type_id, service_date, service_hour, description, user_id)
    select p.id, 1, date '2026-03-02' + (n * 7), lpad((7 + n)::text, 2, '0') || ':30',
      'Called about the schedule, note ' || n || ' of property ' || p.id, ${author}
    from properties p cross join lateral generate_series(1, p.id % 6) n`);
  await db.execute(sql`
    insert into notes (property_id, type_id, service_date, service_hour, description, user_id)
    select id, 3, date '2026-04-06', '10:00', 'Please close the side gate', ${author}
    from properties where id % 10 = 0`);
  await db.execute(sql`vacuum (analyze) notes`);
  const [total] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from notes`)).rows;
  return total?.total ?? 0;
}

async function main(): Promise<void> {
  const count = Number(option('properties', '200'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    const notes = await ensureNotes(db);
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const sample = await db.execute<{ id: number }>(sql`
      select id from properties tablesample system (1)
      where deleted_at is null limit ${count + WARMUP}`);
    const ids = sample.rows.map((row) => row.id);
    if (ids.length < count + WARMUP) throw new Error(`only ${ids.length} properties sampled`);
    // Positions within the first 20 pages of the default list, where the office opens records from.
    const opens = ids.map((id) => ({ id, position: (id % 1000) + 1 }));

    const server = await startBenchApp(bench);
    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const open = (id: number) =>
      Promise.all([server.get(`/api/customers/${id}`), server.get(`/api/customers/${id}/notes${NOTES}`)]);

    record('open a record: header + first page of call notes (side by side)', await timeEach(ids, WARMUP, open));
    record(
      'open from the list: header + call notes + position query (side by side)',
      await timeEach(opens, WARMUP, ({ id, position }) => Promise.all([open(id), server.get(POSITION(position))])),
    );
    record('header alone', await timeEach(ids, WARMUP, (id) => server.get(`/api/customers/${id}`)));
    record(
      'first page of call notes alone',
      await timeEach(ids, WARMUP, (id) => server.get(`/api/customers/${id}/notes${NOTES}`)),
    );
    record(
      'position query alone (Next / Previous)',
      await timeEach(opens, WARMUP, ({ position }) => server.get(POSITION(position))),
    );
    // Far down the list (page 200 of 50 rows and beyond), where OFFSET costs as it does for list pages.
    record(
      'position query around position 10,000',
      await timeEach(opens, WARMUP, ({ position }) => server.get(POSITION(position + 9_500))),
    );
    printResults(
      `Customer record, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, ${thousands(notes)} notes, load average ${loadAverage()}`,
      ['| scenario | opens | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
