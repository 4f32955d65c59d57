import {
  dateOfWeekday,
  hasSelectionParameter,
  mowYearOf,
  SELECTION_FIELD_RULES,
  SELECTION_REPORT_MESSAGES,
  SELECTION_REPORT_PAGE_SIZES,
  weeksInMowYear,
  type IsoDate,
  type MowDay,
  type ReportSelection,
  type SelectionField,
} from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { badRequest } from '../../http/errors';
import { filter, type FilterDefinition, type ListDefinition, type ListQuery } from '../../http/list-query';

const DESCRIPTIONS: Record<SelectionField, string> = {
  year: 'Mow year (default the current one)',
  week: 'Mow week, 1 to 53',
  weekDay: 'Weekday, 1 Monday to 5 Friday',
  crew: 'Crew number',
  market: 'Market id',
};

/**
 * The selection's fields as `filter[...]` of a list query. They say which days and properties the report covers
 * (read back by `selectionOf`); the report's query applies them, so none adds a condition of its own here.
 */
const selectionFilters: Record<SelectionField, FilterDefinition> = Object.fromEntries(
  (Object.keys(DESCRIPTIONS) as SelectionField[]).map((field) => [
    field,
    filter(
      z
        .string()
        .regex(/^\d{1,10}$/)
        .transform(Number),
      () => undefined,
      {
        multiple: false,
        description: DESCRIPTIONS[field],
        // The field's own words, as the report's selection form says them.
        problemOf: (value) => SELECTION_FIELD_RULES[field].safeParse(value).error?.issues[0]?.message,
      },
    ),
  ]),
) as Record<SelectionField, FilterDefinition>;

/** A report grid's list: the selection's filters, its sorts, 20 rows a page (the grid offers 20, 50 and 100). */
export function selectionList(sorts: ListDefinition['sorts'], defaultSort: string, tiebreak: SQL): ListDefinition {
  return {
    filters: selectionFilters,
    sorts,
    defaultSort,
    defaultLimit: SELECTION_REPORT_PAGE_SIZES[0],
    maxLimit: Math.max(...SELECTION_REPORT_PAGE_SIZES),
    tiebreak,
  };
}

/**
 * The selection a parsed list query names; the year defaults to the mow year of `today`. 400 'Select a parameter'
 * when none of week, weekday, crew and market narrows the year.
 */
export function selectionOf(query: Pick<ListQuery, 'filters'>, today: IsoDate): ReportSelection {
  const value = (field: SelectionField) => query.filters[field]?.[0] as number | undefined;
  const narrowing = { week: value('week'), weekDay: value('weekDay'), crew: value('crew'), market: value('market') };
  if (!hasSelectionParameter(narrowing)) {
    throw badRequest(SELECTION_REPORT_MESSAGES.selectParameter, {
      'filter[week]': [SELECTION_REPORT_MESSAGES.selectParameter],
    });
  }
  const selection: ReportSelection = { year: value('year') ?? mowYearOf(today) };
  for (const [field, fieldValue] of Object.entries(narrowing)) {
    if (fieldValue !== undefined) selection[field as keyof typeof narrowing] = fieldValue;
  }
  return selection;
}

/** Monday to Saturday: a week's service days (a property mowed on Saturday is on that week's sheet too). */
const WEEK_SERVICE_DAYS: readonly MowDay[] = [1, 2, 3, 4, 5, 6];

/** The service days a selection covers, each with its mow week: the chosen week (or the year), the chosen weekday. */
export function selectionDays(selection: ReportSelection): { day: IsoDate; week: number }[] {
  const weeks =
    selection.week === undefined
      ? Array.from({ length: weeksInMowYear(selection.year) }, (_, index) => index + 1)
      : selection.week <= weeksInMowYear(selection.year)
        ? [selection.week]
        : [];
  const weekdays = selection.weekDay === undefined ? WEEK_SERVICE_DAYS : [selection.weekDay as MowDay];
  return weeks.flatMap((week) =>
    weekdays.map((weekday) => ({ day: dateOfWeekday(selection.year, week, weekday), week })),
  );
}

/**
 * The days as a relation `d(day, week)` to join. Raw SQL: unnesting two parallel arrays is beyond the query builder
 * (ADR 0003).
 */
export function daysRelation(selection: ReportSelection): SQL {
  const days = selectionDays(selection);
  return sql`unnest(${sql.param(days.map((entry) => entry.day))}::date[], ${sql.param(
    days.map((entry) => entry.week),
  )}::smallint[]) as d(day, week)`;
}

/** The crew and market conditions of the selection on the query's property `p` (true when neither is chosen). */
export function propertyConditions(selection: ReportSelection, crewColumn: SQL = sql`p.crew`): SQL {
  return sql`${selection.crew === undefined ? sql`true` : sql`${crewColumn} = ${selection.crew}`}
    and ${selection.market === undefined ? sql`true` : sql`p.market_id = ${selection.market}`}`;
}

/** The properties a report file was limited to (its chosen ids), or true for all of the selection. */
export function chosenProperties(ids: readonly number[] | undefined): SQL {
  return ids === undefined ? sql`true` : sql`p.id = any(${sql.param([...ids])}::int[])`;
}

/** A page of a report: a list query's, or `rows` for a file's batches, which need no total. */
export type ReportPageQuery = Pick<ListQuery, 'orderBy' | 'limit' | 'offset'> & {
  render: ListQuery['render'] | 'rows';
};

export async function countOf(db: Executor, query: SQL): Promise<number> {
  const counted = await db.execute<{ total: number }>(query);
  return counted.rows[0]?.total ?? 0;
}
