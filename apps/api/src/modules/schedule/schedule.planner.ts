import {
  defaultSeasonWeeks,
  effectiveWorkdays,
  mergeFromDate,
  mowYearOf,
  planWorkdays,
  replanStart,
  type IsoDate,
  type SeasonWeekType,
} from '@lawn/shared';
import type { Executor } from '../../db/client';
import * as repo from './schedule.repo';

/**
 * Writes property schedules: the regular plan from the shared rules (`planWorkdays`) and the effective workdays with
 * the hand-made week changes. Used by the processing job (batches of properties), by re-plans after a record change
 * and by the calendar after a week change. Skips, write-ins and redos live in `service_notes` and are never touched.
 */

export type SeasonOfYear = { types: SeasonWeekType[]; isSaved: boolean };

/** The year's stored season weeks, or the default season when nobody has edited the year. */
export async function loadSeason(executor: Executor, year: number): Promise<SeasonOfYear> {
  const stored = await repo.findSeasonWeeks(executor, year);
  const defaults = defaultSeasonWeeks(year);
  if (stored.length === 0) return { types: defaults, isSaved: false };
  const types = [...defaults];
  for (const row of stored) if (row.week <= types.length) types[row.week - 1] = row.type;
  return { types, isSaved: true };
}

const sameDates = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** Plans the given properties for the year; writes only rows whose dates change. Returns the rows written. */
async function planSources(
  executor: Executor,
  year: number,
  season: readonly SeasonWeekType[],
  from: IsoDate,
  sources: readonly repo.PlanSource[],
): Promise<number> {
  const overrides = await repo.findWeekOverrides(
    executor,
    year,
    sources.map((source) => source.id),
  );
  const plans: repo.PropertyPlan[] = [];
  for (const { id, input, stored } of sources) {
    const next = planWorkdays({ ...input, year, seasonWeeks: season });
    const previousPlanned = stored?.planned ?? [];
    const planned = mergeFromDate(previousPlanned, next, from);
    const workdays = effectiveWorkdays(year, planned, overrides.get(id) ?? []);
    if (!stored && planned.length === 0 && workdays.length === 0) continue;
    if (stored && sameDates(previousPlanned, planned) && sameDates(stored.workdays, workdays)) continue;
    plans.push({ propertyId: id, planned, workdays });
  }
  await repo.savePlans(executor, year, plans);
  return plans.length;
}

export type PlanBatch = {
  year: number;
  season: readonly SeasonWeekType[];
  from: IsoDate;
  afterId: number;
  limit: number;
};
export type PlanBatchResult = { count: number; written: number; lastPropertyId: number | null };

/**
 * Plans the next `limit` properties (live or not: a deleted property's future dates must go) after `afterId`, in id
 * order. The caller runs it in a transaction together with its cursor update.
 */
export async function planPropertyBatch(executor: Executor, batch: PlanBatch): Promise<PlanBatchResult> {
  const sources = await repo.planSourceBatch(executor, batch);
  const written = await planSources(executor, batch.year, batch.season, batch.from, sources);
  return { count: sources.length, written, lastPropertyId: sources.at(-1)?.id ?? null };
}

/** Plans some properties for one year (a re-plan after a record change, or a calendar change). */
export async function planPropertiesForYear(
  executor: Executor,
  year: number,
  propertyIds: readonly number[],
  from: IsoDate,
): Promise<void> {
  const season = await loadSeason(executor, year);
  await planSources(executor, year, season.types, from, await repo.planSourcesOf(executor, year, propertyIds));
}

/**
 * Re-plans one property from `today` on, at once: after a change to a plan field (frequency, mow day, status, order
 * status, start date, send-schedule or future-cancel week) or its deletion.
 * Past service dates stay as they were; a future year is re-planned whole.
 */
export async function replanProperty(executor: Executor, propertyId: number, today: IsoDate): Promise<void> {
  // From the mow year today is in: every year the property already has a schedule for or that has been processed.
  for (const year of await repo.replanYears(executor, propertyId, mowYearOf(today))) {
    await replanPropertyYear(executor, propertyId, year, today);
  }
}

/** Re-plans one property's year after a change to it (a week changed by hand, the winter option). */
export async function replanPropertyYear(
  executor: Executor,
  propertyId: number,
  year: number,
  today: IsoDate,
): Promise<void> {
  await planPropertiesForYear(executor, year, [propertyId], replanStart(year, today));
}

export function findWinterOption(executor: Executor, propertyId: number, year: number): Promise<boolean> {
  return repo.findWinterOption(executor, propertyId, year);
}

/** Sets a year's winter option (creating the year's row when it has none yet) and re-plans that year. */
export async function setWinterOption(
  executor: Executor,
  propertyId: number,
  year: number,
  hasWinter: boolean,
  today: IsoDate,
): Promise<void> {
  await repo.saveWinterOption(executor, propertyId, year, hasWinter);
  await replanPropertyYear(executor, propertyId, year, today);
}
