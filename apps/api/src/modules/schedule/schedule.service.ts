import {
  applySeasonWeekUpdates,
  calendarDateIn,
  holidaysInWeek,
  mowYearWeeks,
  replanStart,
  scheduleRunName,
  SEASON_MESSAGES,
  SEASON_WEEK_COLORS,
  toDayNumber,
  type IsoDate,
  type ScheduleStatus,
  type SeasonStartSummary,
  type SeasonWeek,
  type SeasonWeekType,
  type SeasonWeekUpdate,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import type { ScheduleRunRow } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { loadSeason } from './schedule.planner';
import {
  enqueueScheduleRun,
  runScheduleProcess,
  type ScheduleRunDeps,
  type ScheduleRunOptions,
} from './schedule-process.runner';
import * as repo from './schedule.repo';
import { seasonStartSummary } from './schedule.summary';

/*
 * What other modules, the jobs and start-up use of the schedule module: re-plans after a change to a record or a
 * week, a year's season, the winter option, and the processing of a year's run.
 */
export {
  findWinterOption,
  loadSeason,
  planPropertiesForYear,
  replanProperty,
  replanPropertyYear,
  setWinterOption,
} from './schedule.planner';
export { scheduledServices } from './scheduled-services';
export {
  resumeScheduleRuns,
  runScheduleProcess,
  SCHEDULE_BATCH_SIZE,
  scheduleRunJobKey,
  takeOverAbandonedScheduleRuns,
  watchAbandonedScheduleRuns,
  type ScheduleRunOptions,
} from './schedule-process.runner';

export type ScheduleServiceDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  logger: Logger;
  clock?: () => Date;
};

export type SeasonWeeksRange = 'all' | 'winter';

const isBefore = (a: IsoDate, b: IsoDate) => toDayNumber(a) < toDayNumber(b);

/** The progress bar's view of a year's latest run; `isProgress` says whether any run (any year) is active. */
export function toScheduleStatus(year: number, run: ScheduleRunRow | null, isProgress: boolean): ScheduleStatus {
  const total = run?.total ?? 0;
  const progress = run?.progress ?? 0;
  const percentage = total === 0 ? 0 : Math.min(100, Math.round((progress / total) * 1000) / 10);
  return {
    year,
    total,
    progress,
    percentage,
    isProgress,
    status: run?.status ?? 'none',
    name: scheduleRunName(year),
    failureReason: run?.failureReason ?? null,
    completedAt: run?.completedAt?.toISOString() ?? null,
  };
}

/** The first week whose type changes and that has already ended, if any: the past is not rewritten. */
function firstEndedChange(
  year: number,
  before: readonly SeasonWeekType[],
  after: readonly SeasonWeekType[],
  today: IsoDate,
): number | null {
  for (const week of mowYearWeeks(year)) {
    if (before[week.week - 1] !== after[week.week - 1] && isBefore(week.end, today)) return week.week;
  }
  return null;
}

export function createScheduleService({ db, jobs, logger, clock = () => new Date() }: ScheduleServiceDeps) {
  const today = () => calendarDateIn(clock());

  async function status(year: number): Promise<ScheduleStatus> {
    const run = await repo.latestRun(db, year);
    // A run read as active counts even if it finished a moment later: status and isProgress never contradict.
    const isActive = run?.status === 'requested' || run?.status === 'in_progress';
    return toScheduleStatus(year, run, isActive || (await repo.activeRuns(db)).length > 0);
  }

  return {
    /** The year's week grid: each week's type and colour, holidays, and where today stands. */
    async weeks(year: number, range: SeasonWeeksRange): Promise<{ isSaved: boolean; weeks: SeasonWeek[] }> {
      const season = await loadSeason(db, year);
      const now = today();
      const weeks = mowYearWeeks(year).map((week): SeasonWeek => {
        const type = season.types[week.week - 1] ?? 'winter';
        return {
          ...week,
          type,
          color: SEASON_WEEK_COLORS[type],
          winter: type === 'winter',
          holidays: holidaysInWeek(year, week.week),
          current: !isBefore(now, week.start) && !isBefore(week.end, now),
          disabled: isBefore(week.end, now),
        };
      });
      return { isSaved: season.isSaved, weeks: range === 'winter' ? weeks.filter((week) => week.winter) : weeks };
    },

    status,

    seasonStartSummary: (year: number): Promise<SeasonStartSummary[]> => seasonStartSummary(db, year),

    /**
     * Applies the pending week updates (checked against the menu rules, ended weeks refused), stores the year's
     * season when it changed and records a run, in one transaction; then queues the processing. An empty list just
     * processes the year again. Refused with 409 while any run is requested or in progress.
     */
    async process(year: number, updates: readonly SeasonWeekUpdate[], userId: number): Promise<ScheduleStatus> {
      if ((await repo.activeRuns(db)).length > 0) throw conflict(SEASON_MESSAGES.alreadyRunning);
      const now = today();
      const run = await db.transaction(async (tx) => {
        const season = await loadSeason(tx, year);
        const applied = applySeasonWeekUpdates(year, season.types, updates);
        if (!applied.ok) throw badRequest(applied.message, { weeks: [applied.message] });
        const ended = firstEndedChange(year, season.types, applied.types, now);
        if (ended !== null) {
          const message = SEASON_MESSAGES.weekEnded(ended);
          throw badRequest(message, { weeks: [message] });
        }
        const isChanged = applied.types.some((type, index) => type !== season.types[index]);
        if (isChanged) await repo.saveSeasonWeeks(tx, year, applied.types, userId);
        // Dates that have passed are kept; a year that has not started yet is planned whole.
        const inserted = await repo.insertRun(tx, { year, planFrom: replanStart(year, now), requestedBy: userId });
        // Another Process won the race between the check above and this insert.
        if (!inserted) throw conflict(SEASON_MESSAGES.alreadyRunning);
        return inserted;
      });
      await enqueueScheduleRun({ db, jobs, log: logger }, run.id);
      logger.info({ runId: run.id, year, userId, updates: updates.length }, 'schedule processing requested');
      return status(year);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;

export type YearRunRequest = { year: number; planFrom: IsoDate; requestedBy: number };

/**
 * Records a run for the year and processes it at once in this process, without the queue (the demo data and the
 * benchmarks). Returns the finished run; null when another run is requested or in progress.
 */
export async function processYearNow(
  deps: ScheduleRunDeps,
  request: YearRunRequest,
  options: Pick<ScheduleRunOptions, 'batchSize' | 'afterBatch'> = {},
): Promise<ScheduleRunRow | null> {
  const run = await repo.insertRun(deps.db, request);
  if (!run) return null;
  await runScheduleProcess(deps, run.id, { ...options, isLastAttempt: true });
  return repo.findRun(deps.db, run.id);
}
