import {
  APP_PATHS,
  checkLookup,
  LOOKUP_METHOD,
  lookupFilterString,
  lookupReportQuery,
  type LookupFormValues,
  type LookupSearch,
} from '@lawn/shared';
import type { Control } from 'react-hook-form';
import { checkedFormSchema } from '../../lib/use-schema-form';

/** The wizard's form: its values checked by the chosen method's shared rules, submitting what they search. */
export const lookupFormSchema = checkedFormSchema<LookupFormValues, LookupSearch>((values) => {
  const result = checkLookup(values);
  return 'search' in result ? { data: result.search } : { errors: result.errors };
});

const REPORT_PAGES = {
  [LOOKUP_METHOD.operationsReport]: APP_PATHS.operationsReport,
  [LOOKUP_METHOD.reconciliationReport]: APP_PATHS.reconciliationReport,
  [LOOKUP_METHOD.bushBedReport]: APP_PATHS.bushBedReport,
} as const;

/** Where a search lands: the customer list with the filter in its route state, or a report page with its query. */
export type LookupTarget = { to: string; state?: { filter: string } };

export function lookupTarget(search: LookupSearch): LookupTarget {
  if (search.kind === 'report') return { to: `${REPORT_PAGES[search.method]}${lookupReportQuery(search.params)}` };
  return { to: APP_PATHS.customerList, state: { filter: lookupFilterString(search.filters) } };
}

/** Previous, current and next year: the work-weeks look-up's choices. */
export function lookupYears(currentYear: number): number[] {
  return [currentYear - 1, currentYear, currentYear + 1];
}

export type LookupControl = Control<LookupFormValues, unknown, LookupSearch>;

/**
 * What Search counts before it opens the results: the customer list's filter of the search (a report page's week,
 * mow day, crew and market are filters of the list too), so an empty result shows 'oops' instead of an empty page.
 */
export function countFilterOf(search: LookupSearch): string {
  if (search.kind === 'customers') return lookupFilterString(search.filters);
  const { week, year, weekDay, crew, market } = search.params;
  return lookupFilterString({
    ...(week === undefined ? {} : { week, ...(year === undefined ? {} : { year }) }),
    ...(weekDay === undefined ? {} : { weekDay }),
    ...(crew === undefined ? {} : { crew }),
    ...(market === undefined ? {} : { market }),
  });
}
