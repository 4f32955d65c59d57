import {
  addDays,
  applySeasonWeekUpdates,
  defaultSeasonWeeks,
  effectiveWorkdays,
  mergeFromDate,
  mowYearStart,
  SEASON_MESSAGES,
  weekRange,
  type IsoDate,
  type SeasonWeekType,
} from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties, scheduleRuns, serviceNotes } from '../db/schema';
import { createLogger } from '../logger';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { runScheduleProcess, resumeScheduleRuns, scheduleRunJobKey } from '../modules/schedule/schedule.service';
import * as repo from '../modules/schedule/schedule.repo';
import {
  addOverride,
  expectedSchedule,
  readSchedule,
  writeSchedule,
  type StoredSchedule,
} from '../modules/schedule/schedule.test-fixtures';
import { useTestContext } from '../test/test-app';
import { scheduleProcessJob } from './schedule-process.job';

// No workers: the runner is called by hand, so a run can be stopped at an exact batch (the API test runs the queue).
const t = useTestContext();
const log = createLogger({ level: 'silent' });
const deps = () => ({ db: t.db, log });
const mailer = { send: async () => ({ messageId: '' }), close: () => undefined };

const YEAR = 2027;
const YEAR_START = mowYearStart(YEAR);
const MID_SEASON = weekRange(YEAR, 20).start;
const PROPERTIES = 80;
const BATCH = 7;

let userId: number;
let ids: number[];

class Killed extends Error {}

/** Stops the run after `batches` committed batches, as a crash between two batches would. */
const killAfter = (batches: number) => (state: { batches: number }) => {
  if (state.batches === batches) throw new Killed(`killed after ${batches} batches`);
};

/**
 * A book of properties covering every input of the plan: weekdays, the four frequencies, statuses and order statuses
 * out of service, deleted properties, start dates, send-schedule and future-cancel weeks, the winter option, weeks
 * changed by hand and service notes.
 */
async function insertBook(marketId: number): Promise<number[]> {
  const created: number[] = [];
  for (let index = 0; index < PROPERTIES; index += 1) {
    const { id } = await insertRecord(t.db, {
      marketId,
      property: {
        weekDay: 1 + (index % 5),
        srvFrequency: 1 + (index % 4),
        status: index % 10 === 7 ? 2 : index % 10 === 8 ? 6 : 1,
        statusOrders: index % 13 === 5 ? 0 : 1,
        deletedAt: index % 17 === 3 ? new Date() : null,
        serviceDate: index % 6 === 0 ? addDays(weekRange(YEAR, 10).start, index % 5) : null,
        sendSchedule: index % 9 === 4 ? 12 : null,
        futureCancel: index % 11 === 2 ? 30 : null,
      },
    });
    if (index % 8 === 1) await writeSchedule(t.db, id, YEAR, { hasWinter: true });
    if (index % 7 === 0) {
      await addOverride(t.db, id, YEAR, { week: 15, kind: 'removed', workday: null });
      await addOverride(t.db, id, YEAR, { week: 16, kind: 'added', workday: addDays(weekRange(YEAR, 16).start, 2) });
    }
    if (index % 5 === 0) {
      const day = addDays(weekRange(YEAR, 22).start, 1);
      await t.db.insert(serviceNotes).values({ propertyId: id, year: YEAR, week: 22, type: 'skip', workday: day });
    }
    created.push(id);
  }
  return created;
}

beforeAll(async () => {
  userId = (await t.createUser({ role: 'Manager' })).id;
  ids = await insertBook(await insertMarket(t.db, 'Job Market'));
});

async function newRun(planFrom: IsoDate): Promise<number> {
  const run = await repo.insertRun(t.db, { year: YEAR, planFrom, requestedBy: userId });
  if (!run) throw new Error('another run is active');
  return run.id;
}

async function runRow(id: number) {
  const [row] = await t.db.select().from(scheduleRuns).where(eq(scheduleRuns.id, id));
  if (!row) throw new Error(`run ${id} not found`);
  return row;
}

async function allSchedules(): Promise<Map<number, StoredSchedule | null>> {
  const stored = new Map<number, StoredSchedule | null>();
  for (const id of ids) stored.set(id, await readSchedule(t.db, id, YEAR));
  return stored;
}

/** Every schedule row of the year with its write times: a run that changes nothing leaves these as they were. */
async function scheduleRows() {
  const result = await t.db.execute(
    sql`select property_id, planned::text, workdays::text, planned_at, updated_at from property_schedules
        where year = ${YEAR} order by property_id`,
  );
  return result.rows;
}

async function saveSeason(types: readonly SeasonWeekType[]): Promise<void> {
  await repo.saveSeasonWeeks(t.db, YEAR, types, userId);
}

describe('schedule-process job', () => {
  it('processes a year in batches, is killed half-way, resumes from its cursor and ends with exactly the plan', async () => {
    const runId = await newRun(YEAR_START);

    await expect(
      runScheduleProcess(deps(), runId, { isLastAttempt: false, batchSize: BATCH, afterBatch: killAfter(5) }),
    ).rejects.toThrow(Killed);
    const killed = await runRow(runId);
    expect(killed).toMatchObject({ status: 'in_progress', total: PROPERTIES, progress: 5 * BATCH });
    expect(killed.lastPropertyId).toBe(ids[5 * BATCH - 1]);
    expect(killed.startedAt).toBeInstanceOf(Date);
    // Planned up to the cursor, untouched after it.
    expect(await readSchedule(t.db, ids[0] ?? 0, YEAR)).not.toBeNull();
    expect(await readSchedule(t.db, ids[5 * BATCH + 1] ?? 0, YEAR)).toBeNull();

    // pg-boss's retry of the job: the handler as the queue calls it, on a later attempt.
    await scheduleProcessJob.handler(
      { runId },
      { db: t.db, log, config: t.config, mailer, jobs: t.jobs, attempt: { retryCount: 1, retryLimit: 3 } },
    );
    const done = await runRow(runId);
    expect(done).toMatchObject({ status: 'completed', total: PROPERTIES, progress: PROPERTIES, failureReason: null });
    expect(done.startedAt).toEqual(killed.startedAt);
    expect(done.completedAt).toBeInstanceOf(Date);

    let served = 0;
    for (const [id, stored] of await allSchedules()) {
      const expected = await expectedSchedule(t.db, id, YEAR);
      expect({ id, ...expected }).toEqual({ id, planned: stored?.planned ?? [], workdays: stored?.workdays ?? [] });
      if (expected.planned.length > 0) served += 1;
    }
    expect(served).toBeGreaterThan(PROPERTIES / 2);
  });

  it('changes nothing when a completed year is processed again', async () => {
    const rows = await scheduleRows();
    const runId = await newRun(YEAR_START);
    await runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: BATCH });
    expect(await runRow(runId)).toMatchObject({ status: 'completed', progress: PROPERTIES });
    expect(await scheduleRows()).toEqual(rows);

    // A duplicate job of a finished run does nothing.
    await runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: BATCH });
    expect(await runRow(runId)).toMatchObject({ status: 'completed', progress: PROPERTIES });
  });

  it('re-plans from plan_from after the season is shortened, keeping the dates that have passed', async () => {
    const previous = await allSchedules();
    const season = applySeasonWeekUpdates(YEAR, defaultSeasonWeeks(YEAR), [
      { week: 41, type: 'winter' },
      { week: 40, type: 'winter' },
      { week: 39, type: 'holiday' },
    ]);
    if (!season.ok) throw new Error(season.message);
    await saveSeason(season.types);
    // A property that became a Past Customer loses its future dates.
    await t.db
      .update(properties)
      .set({ status: 5 })
      .where(eq(properties.id, ids[0] ?? 0));

    const runId = await newRun(MID_SEASON);
    await expect(
      runScheduleProcess(deps(), runId, { isLastAttempt: false, batchSize: BATCH, afterBatch: killAfter(3) }),
    ).rejects.toThrow(Killed);
    await runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: BATCH });
    expect(await runRow(runId)).toMatchObject({ status: 'completed', progress: PROPERTIES });

    const holidayWeek = weekRange(YEAR, 39);
    for (const [id, stored] of await allSchedules()) {
      const next = await expectedSchedule(t.db, id, YEAR, season.types);
      const planned = mergeFromDate(previous.get(id)?.planned ?? [], next.planned, MID_SEASON);
      const overrides = await t.db.execute<{ week: number; kind: 'added' | 'removed'; workday: string | null }>(
        sql`select week, kind, workday::text as workday from property_week_overrides where property_id = ${id}`,
      );
      expect({ id, planned: stored?.planned ?? [], workdays: stored?.workdays ?? [] }).toEqual({
        id,
        planned,
        workdays: effectiveWorkdays(YEAR, planned, overrides.rows),
      });
      expect(stored?.workdays.some((date) => date >= holidayWeek.start && date <= holidayWeek.end) ?? false).toBe(
        false,
      );
    }
    const pastCustomer = await readSchedule(t.db, ids[0] ?? 0, YEAR);
    expect(pastCustomer?.planned.length).toBeGreaterThan(0);
    expect(pastCustomer?.planned.every((date) => date < MID_SEASON)).toBe(true);
    await saveSeason(defaultSeasonWeeks(YEAR));
  });

  it('lets two workers share a run without applying a batch twice', async () => {
    const runId = await newRun(YEAR_START);
    await Promise.all([
      runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: 3 }),
      runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: 3 }),
    ]);
    expect(await runRow(runId)).toMatchObject({ status: 'completed', total: PROPERTIES, progress: PROPERTIES });
  });

  it('marks the run failed on the last attempt, which no longer blocks a new run', async () => {
    const runId = await newRun(YEAR_START);
    await expect(
      runScheduleProcess(deps(), runId, { isLastAttempt: false, batchSize: BATCH, afterBatch: killAfter(1) }),
    ).rejects.toThrow(Killed);
    expect(await runRow(runId)).toMatchObject({ status: 'in_progress', failureReason: null });
    await expect(
      runScheduleProcess(deps(), runId, { isLastAttempt: true, batchSize: BATCH, afterBatch: killAfter(1) }),
    ).rejects.toThrow(Killed);
    expect(await runRow(runId)).toMatchObject({ status: 'failed', failureReason: SEASON_MESSAGES.failed });

    const next = await newRun(YEAR_START);
    await runScheduleProcess(deps(), next, { isLastAttempt: true });
    expect(await runRow(next)).toMatchObject({ status: 'completed' });
  });

  it('re-queues unfinished runs when the app starts', async () => {
    const runId = await newRun(YEAR_START);
    await expect(
      runScheduleProcess(deps(), runId, { isLastAttempt: false, batchSize: BATCH, afterBatch: killAfter(2) }),
    ).rejects.toThrow(Killed);

    expect(await resumeScheduleRuns({ db: t.db, jobs: t.jobs, log })).toBe(1);
    const queued = await t.pool.query<{ data: { runId: number } }>(
      `select data from pgboss.job where name = 'schedule-process' and singleton_key = $1`,
      [scheduleRunJobKey(runId)],
    );
    expect(queued.rows.map((row) => row.data)).toEqual([{ runId }]);

    await runScheduleProcess(deps(), runId, { isLastAttempt: true });
    expect(await resumeScheduleRuns({ db: t.db, jobs: t.jobs, log })).toBe(0);
  });
});
