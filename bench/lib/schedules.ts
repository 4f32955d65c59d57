import { mowYearStart } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { users, type ScheduleRunRow } from '../../apps/api/src/db/schema';
import { createLogger } from '../../apps/api/src/logger';
import {
  processYearNow,
  type ScheduleRunOptions,
  type YearRunRequest,
} from '../../apps/api/src/modules/schedule/schedule.service';

/** The demo admin, who requests the benchmarks' schedule runs. */
export async function demoAdminId(db: Database): Promise<number> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) throw new Error('the bench database has no demo admin: run bench/customers-list.ts first');
  return admin.id;
}

/**
 * Processes a year with the real job code (`runScheduleProcess`), in this process. A run left requested or in
 * progress by an earlier attempt is marked failed first, so it neither blocks nor is waited for.
 */
export async function processYearForBench(
  db: Database,
  request: YearRunRequest,
  options: Pick<ScheduleRunOptions, 'batchSize' | 'afterBatch'> = {},
): Promise<ScheduleRunRow> {
  await db.execute(sql`update schedule_runs set status = 'failed', failure_reason = 'bench: superseded'
    where status in ('requested', 'in_progress')`);
  const run = await processYearNow({ db, log: createLogger({ level: 'warn' }) }, request, options);
  if (!run) throw new Error('a schedule run is active');
  if (run.status !== 'completed') throw new Error(`run ended ${run.status}: ${run.failureReason}`);
  return run;
}

/** Processes the year when nothing is planned for it yet, so the benchmark has services to read. */
export async function ensureSchedules(db: Database, year: number): Promise<void> {
  const planned = await db.execute(sql`select 1 from property_schedules where year = ${year} limit 1`);
  if (planned.rows.length > 0) return;
  process.stdout.write(`processing the schedules of ${year} first (about 1.5 minutes for 1,000,000 properties)...\n`);
  await processYearForBench(db, { year, planFrom: mowYearStart(year), requestedBy: await demoAdminId(db) });
  await db.execute(sql`vacuum (analyze) property_schedules`);
  // The market map reads its markers from the kept days (ADR 0057): after the bulk writes of processing, their dead
  // rows are cleared and their statistics taken, as autovacuum does in time on a live database.
  await db.execute(sql`vacuum (analyze) mow_scheduled_days`);
}
