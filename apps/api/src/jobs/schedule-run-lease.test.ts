import { mowYearStart, SEASON_MESSAGES } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_SECONDS, LEASE_SECONDS } from '../db/heartbeat';
import { scheduleRuns } from '../db/schema';
import { createLogger } from '../logger';
import * as repo from '../modules/schedule/schedule.repo';
import { runScheduleProcess, takeOverAbandonedScheduleRuns } from '../modules/schedule/schedule.service';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { useTestContext } from '../test/test-app';
import { waitFor } from '../test/wait-for';

/*
 * With several API processes, a process that dies in the middle of a schedule Process must not block the next one for
 * pg-boss's 15-minute job expiry. The worker renews its run's lease while it runs; once the lease has run out, another
 * process takes the run over and carries it on from its cursor, so the next Process can start. A dead process is
 * simulated by a lease that ran out (its heartbeat older than LEASE_SECONDS, in database time): nothing sleeps.
 */

/** Today is Wednesday 2027-05-12 in Chicago; the runs plan the next mow year. */
const t = useTestContext({ clock: () => new Date('2027-05-12T15:00:00Z') });
const log = createLogger({ level: 'silent' });
const deps = () => ({ db: t.db, jobs: t.jobs, log });
const YEAR = 2028;
const BATCH = 3;

let headers: { authorization: string };
let userId: number;

class Killed extends Error {}

beforeAll(async () => {
  const admin = await t.createUser({ role: 'Admin' });
  userId = admin.id;
  headers = await t.authHeaders(admin);
  const marketId = await insertMarket(t.db, 'Lease market');
  for (let index = 0; index < 10; index += 1) await insertRecord(t.db, { marketId, property: { weekDay: 2 } });
});

async function newRun(): Promise<number> {
  const run = await repo.insertRun(t.db, { year: YEAR, planFrom: mowYearStart(YEAR), requestedBy: userId });
  if (!run) throw new Error('another run is active');
  return run.id;
}

async function runRow(id: number) {
  const [row] = await t.db.select().from(scheduleRuns).where(eq(scheduleRuns.id, id));
  if (!row) throw new Error(`run ${id} not found`);
  return row;
}

/** Seconds since the run's last heartbeat (database time); null when no worker holds it. */
async function heartbeatAge(id: number): Promise<number | null> {
  const result = await t.db.execute<{ age: number | null }>(
    sql`select extract(epoch from now() - heartbeat_at)::float as age from schedule_runs where id = ${id}`,
  );
  return result.rows[0]?.age ?? null;
}

/** The run's last heartbeat set `seconds` back, as if that much time had passed without one. */
async function heartbeatSecondsAgo(id: number, seconds: number): Promise<void> {
  await t.db
    .update(scheduleRuns)
    .set({ heartbeatAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(scheduleRuns.id, id));
}

const processYear = () =>
  t.app.inject({ method: 'PUT', url: `/api/schedule?year=${YEAR}`, headers, payload: { weeks: [] } });

describe("a schedule run's lease", () => {
  it('is renewed while the run works, however long it takes, so a live run is never taken over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const runId = await newRun();
      const takenOver: number[] = [];
      await runScheduleProcess({ db: t.db, log }, runId, {
        isLastAttempt: true,
        batchSize: BATCH,
        afterBatch: async ({ batches }) => {
          if (batches !== 1) return;
          // A batch moves the lease on by itself.
          expect(await heartbeatAge(runId)).toBeLessThan(HEARTBEAT_SECONDS);
          // As if the run had worked for most of a lease since: the heartbeat, due now, renews it.
          await heartbeatSecondsAgo(runId, LEASE_SECONDS - 1);
          vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000);
          await waitFor('the heartbeat', async () =>
            ((await heartbeatAge(runId)) ?? Infinity) < HEARTBEAT_SECONDS ? true : undefined,
          );
          takenOver.push(await takeOverAbandonedScheduleRuns(deps()));
        },
      });
      expect(takenOver).toEqual([0]);
      expect(await runRow(runId)).toMatchObject({ status: 'completed', progress: 10 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("is given up after a failed attempt, so pg-boss's retry carries on, not a take-over", async () => {
    const runId = await newRun();
    await expect(
      runScheduleProcess({ db: t.db, log }, runId, {
        isLastAttempt: false,
        batchSize: BATCH,
        afterBatch: () => {
          throw new Killed('a failed attempt');
        },
      }),
    ).rejects.toThrow(Killed);
    expect(await runRow(runId)).toMatchObject({ status: 'in_progress', heartbeatAt: null });
    expect(await takeOverAbandonedScheduleRuns(deps())).toBe(0);
    await runScheduleProcess({ db: t.db, log }, runId, { isLastAttempt: true });
    expect(await runRow(runId)).toMatchObject({ status: 'completed' });
  });

  it('ran out with its process: another process takes the run over from its cursor, then the next Process starts', async () => {
    await t.startWorkers();
    // A worker that processed one batch, then died with its process: its job stays that process's, its lease stops.
    const runId = await newRun();
    await expect(
      runScheduleProcess({ db: t.db, log }, runId, {
        isLastAttempt: false,
        batchSize: BATCH,
        afterBatch: () => {
          throw new Killed('the process died');
        },
      }),
    ).rejects.toThrow(Killed);
    expect(await runRow(runId)).toMatchObject({ status: 'in_progress', progress: BATCH });
    await heartbeatSecondsAgo(runId, LEASE_SECONDS - 1);

    // Within the lease the run still counts as running: Process is refused and nothing is taken over.
    const refused = await processYear();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: SEASON_MESSAGES.alreadyRunning });
    expect(await takeOverAbandonedScheduleRuns(deps())).toBe(0);

    // The lease runs out: a live process takes the run over, and its worker finishes it.
    await heartbeatSecondsAgo(runId, LEASE_SECONDS + 1);
    expect(await takeOverAbandonedScheduleRuns(deps())).toBe(1);
    expect(await takeOverAbandonedScheduleRuns(deps())).toBe(0);
    await waitFor('the run taken over to complete', async () =>
      (await runRow(runId)).status === 'completed' ? true : undefined,
    );
    // Resumed from its cursor: each property planned once.
    expect(await runRow(runId)).toMatchObject({ status: 'completed', progress: 10, total: 10 });

    const next = await processYear();
    expect(next.statusCode, next.body).toBe(202);
  });

  it('ran out before any worker started the run (its process died before queueing it): it is queued again', async () => {
    await waitFor('no active run', async () => ((await repo.activeRuns(t.db)).length === 0 ? true : undefined));
    const runId = await newRun();
    await t.db
      .update(scheduleRuns)
      .set({ createdAt: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
      .where(eq(scheduleRuns.id, runId));
    expect(await takeOverAbandonedScheduleRuns(deps())).toBe(1);
    await waitFor('the run queued again to complete', async () =>
      (await runRow(runId)).status === 'completed' ? true : undefined,
    );
  });
});
