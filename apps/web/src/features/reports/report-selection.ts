import {
  calendarDateIn,
  mowYearOf,
  reportSelectionFormSchema,
  SELECTION_FIELDS,
  type ReportSelection,
  type ReportSelectionFormValues,
} from '@lawn/shared';

/** The mow year of today in the business's zone: the selection's default year. */
export function currentMowYear(now: Date = new Date()): number {
  return mowYearOf(calendarDateIn(now));
}

/**
 * The selection form's values from the page's query string (`?year=Y&week=N&weekDay=D&crew=C&market=M`, as the lookup
 * opens the page); the year defaults to the current mow year.
 */
export function selectionFormValues(params: URLSearchParams, now?: Date): ReportSelectionFormValues {
  const value = (field: string) => params.get(field)?.trim() ?? '';
  return {
    year: value('year') || String(currentMowYear(now)),
    week: value('week'),
    weekDay: value('weekDay'),
    crew: value('crew'),
    market: value('market'),
  };
}

/** The selection the query string names, or null when it names none (or an invalid one): the form asks then. */
export function selectionOfParams(params: URLSearchParams, now?: Date): ReportSelection | null {
  const parsed = reportSelectionFormSchema.safeParse(selectionFormValues(params, now));
  return parsed.success ? parsed.data : null;
}

/** The query string of a selection, keeping the page's other parameters (the grid's page size) but not its page. */
export function withSelection(params: URLSearchParams, selection: ReportSelection): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of SELECTION_FIELDS) next.delete(field);
  next.delete('page');
  for (const field of SELECTION_FIELDS) {
    const value = selection[field];
    if (value !== undefined) next.set(field, String(value));
  }
  return next;
}
