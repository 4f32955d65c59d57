/**
 * Property calendar benchmark (issue 4): median and p95 time of one property's calendar (GET
 * /api/customers/{id}/calendar) on the 1,000,000-property bench database whose year has been processed.
 *
 *   npx tsx bench/calendar-read.ts [--year 2026] [--properties 200]
 *
 * Database: the list benchmark's (.data/bench on port 54330; DATA_DIR / EMBEDDED_PG_PORT, or DATABASE_URL). It must
 * hold the properties (run bench/customers-list.ts or `npm run seed` first); when the year has no schedules yet they
 * are processed first with the real job code (about 1.5 minutes for 1,000,000 properties).
 *
 * Each scenario reads --properties (default 200) different properties chosen at random among those served that year
 * (so the figures are not those of one cached row), after 20 warm-up reads:
 * - API: `app.inject` on the real app with a signed-in admin: routing, access check (loads the user), query parsing,
 *   the calendar service, response validation and serialisation.
 * - Service: `createCalendarService({ db, clock }).calendar(id, { year, filter })` alone (its SQL and the week
 *   assembly).
 */
import { CALENDAR_FILTERS, type CalendarFilter } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { createCalendarService } from '../apps/api/src/modules/calendar/calendar.service';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { ensureSchedules } from './lib/schedules';
import { loadAverage, ms, percentile, thousands, timeEach } from './lib/stats';

const WARMUP = 20;

async function main(): Promise<void> {
  const year = Number(option('year', '2026'));
  const count = Number(option('properties', '200'));
  await withBenchDatabase({ poolSize: 10 }, async (bench) => {
    const { db } = bench;
    await ensureSchedules(db, year);
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const sample = await db.execute<{ id: number }>(sql`
      select property_id as id from property_schedules tablesample system (1)
      where year = ${year} and cardinality(workdays) > 0 limit ${count + WARMUP}`);
    const ids = sample.rows.map((row) => row.id);
    if (ids.length < count + WARMUP) throw new Error(`only ${ids.length} served properties found for ${year}`);

    const clock = () => new Date();
    const server = await startBenchApp(bench, { clock });
    const timed = (read: (id: number) => Promise<unknown>) => timeEach(ids, WARMUP, read);
    const service = createCalendarService({ db, clock });

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    for (const filter of CALENDAR_FILTERS) {
      record(
        `API, filter=${filter}`,
        await timed((id) => server.get(`/api/customers/${id}/calendar?year=${year}&filter=${filter}`)),
      );
    }
    for (const filter of ['all'] satisfies CalendarFilter[]) {
      record(`service, filter=${filter}`, await timed((id) => service.calendar(id, { year, filter })));
    }
    record('API, no year (today’s)', await timed((id) => server.get(`/api/customers/${id}/calendar`)));
    printResults(
      `Property calendar, ${resultsDate()}, ${thousands(properties?.total ?? 0)} properties, year ${year}, load average ${loadAverage()}`,
      ['| scenario | reads | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
    await server.close();
  });
}

runMain(main);
