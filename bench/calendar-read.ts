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
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CALENDAR_FILTERS, mowYearStart, type CalendarFilter } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { createDatabase, type Database } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { users } from '../apps/api/src/db/schema';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo-data';
import { openDatabaseServer } from '../apps/api/src/db/server';
import { createLogger } from '../apps/api/src/logger';
import { createMailer } from '../apps/api/src/mail/mailer';
import { createCalendarService } from '../apps/api/src/modules/calendar/calendar.service';
import { runScheduleProcess } from '../apps/api/src/modules/schedule/schedule-process.runner';
import * as repo from '../apps/api/src/modules/schedule/schedule.repo';

const WARMUP = 20;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index !== -1 && process.argv[index + 1] ? (process.argv[index + 1] as string) : fallback;
}
function percentile(values: number[], fraction: number): number {
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.max(0, Math.ceil(fraction * ordered.length) - 1))] ?? NaN;
}
const ms = (value: number) => value.toFixed(1);

async function timed(ids: number[], read: (id: number) => Promise<unknown>): Promise<number[]> {
  for (const id of ids.slice(0, WARMUP)) await read(id);
  const times: number[] = [];
  for (const id of ids.slice(WARMUP)) {
    const started = performance.now();
    await read(id);
    times.push(performance.now() - started);
  }
  return times;
}

/** Processes the year when nothing is planned for it yet, so the calendars have services to show. */
async function ensureSchedules(db: Database, year: number): Promise<void> {
  const [planned] = (
    await db.execute<{ total: number }>(
      sql`select count(*)::int as total from (select 1 from property_schedules where year = ${year} limit 1) any_row`,
    )
  ).rows;
  if ((planned?.total ?? 0) > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) throw new Error('the bench database has no demo admin: run bench/customers-list.ts first');
  process.stdout.write(`processing the schedules of ${year} first (about 1.5 minutes for 1,000,000 properties)...\n`);
  await db.execute(sql`update schedule_runs set status = 'failed', failure_reason = 'bench: superseded'
    where status in ('requested', 'in_progress')`);
  const run = await repo.insertRun(db, { year, planFrom: mowYearStart(year), requestedBy: admin.id });
  if (!run) throw new Error('a schedule run is active');
  await runScheduleProcess({ db, log: createLogger({ level: 'warn' }) }, run.id, { isLastAttempt: true });
  await db.execute(sql`vacuum (analyze) property_schedules`);
}

async function main(): Promise<void> {
  const year = Number(option('year', '2026'));
  const count = Number(option('properties', '200'));
  const env = {
    ...process.env,
    DATA_DIR: process.env['DATA_DIR'] ?? path.join(REPO_ROOT, '.data', 'bench'),
    EMBEDDED_PG_PORT: process.env['EMBEDDED_PG_PORT'] ?? '54330',
    LOG_LEVEL: 'warn',
  };
  const config = loadConfig(env);
  const log = createLogger({ level: 'warn' });
  const server = await openDatabaseServer(config, log);
  const { pool, db } = createDatabase(server.url, log, { max: 10 });
  const outbox = await mkdtemp(path.join(tmpdir(), 'lawn-bench-'));
  try {
    await runMigrations(pool);
    await ensureSchedules(db, year);
    const [properties] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from properties`)).rows;
    const sample = await db.execute<{ id: number }>(sql`
      select property_id as id from property_schedules tablesample system (1)
      where year = ${year} and cardinality(workdays) > 0 limit ${count + WARMUP}`);
    const ids = sample.rows.map((row) => row.id);
    if (ids.length < count + WARMUP) throw new Error(`only ${ids.length} served properties found for ${year}`);

    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: outbox, log });
    const clock = () => new Date();
    const app = await buildApp({
      config: { ...config, webDist: path.join(outbox, 'no-web') },
      db,
      jobs: { enqueue: async () => 'bench' },
      mailer,
      logger: log,
      clock,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
    const authorization = `Bearer ${login.json<{ data: { accessToken: string } }>().data.accessToken}`;
    const service = createCalendarService({ db, clock });

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    for (const filter of CALENDAR_FILTERS) {
      record(
        `API, filter=${filter}`,
        await timed(ids, async (id) => {
          const url = `/api/customers/${id}/calendar?year=${year}&filter=${filter}`;
          const response = await app.inject({ url, headers: { authorization } });
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        }),
      );
    }
    for (const filter of ['all'] satisfies CalendarFilter[]) {
      record(`service, filter=${filter}`, await timed(ids, (id) => service.calendar(id, { year, filter })));
    }
    record(
      'API, no year (today’s)',
      await timed(ids, async (id) => {
        const response = await app.inject({ url: `/api/customers/${id}/calendar`, headers: { authorization } });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      }),
    );
    process.stdout.write(
      [
        '',
        `Property calendar, ${new Date().toISOString().slice(0, 10)}, ${(properties?.total ?? 0).toLocaleString('en-US')} properties, year ${year}, load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(' ')}`,
        '',
        '| scenario | reads | median ms | p95 ms |',
        '|---|---:|---:|---:|',
        ...lines,
        '',
      ].join('\n'),
    );
    await app.close();
    mailer.close();
  } finally {
    await pool.end();
    await server.stop();
    await rm(outbox, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
