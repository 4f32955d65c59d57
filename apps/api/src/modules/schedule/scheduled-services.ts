import { mowYearOf, mowYearStart, type IsoDate } from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';

/** The days a query asks about: a range, or a list of days. */
export type ServiceDaySelection = { from: IsoDate; to: IsoDate } | { days: readonly IsoDate[] };

const dayCondition = (day: SQL, selection: ServiceDaySelection): SQL =>
  'days' in selection
    ? sql`${day} = any(${sql.param([...selection.days])}::date[])`
    : sql`${day} between ${selection.from}::date and ${selection.to}::date`;

/** The first and last day asked about, or null when none is. */
function boundsOf(selection: ServiceDaySelection): [IsoDate, IsoDate] | null {
  if (!('days' in selection)) return selection.from <= selection.to ? [selection.from, selection.to] : null;
  const sorted = [...selection.days].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  return first === undefined || last === undefined ? null : [first, last];
}

/**
 * The services the schedule gives on the chosen days, as a subquery of rows (property_id, year, week, day): a
 * property's planned service days (its year's workdays) in weeks neither skipped nor moved by a write-in, and the
 * write-ins' own days. A redo repeats a visit at no charge and nobody confirms it, so it is not one of them. Billing
 * charges these and the crew's unconfirmed visits are made from them, so both count the same mows. Whether the
 * property is in service is left to the caller, which joins the property. Null when no day is asked about.
 *
 * Raw SQL: unnesting the schedule's date arrays in a subquery with its own CTEs is beyond the query builder (ADR 0003).
 */
export function scheduledServices(selection: ServiceDaySelection): SQL | null {
  const bounds = boundsOf(selection);
  if (!bounds) return null;
  // A range can cross the February turn of the mow year: the week of a day counts from its own year's start.
  const [firstYear, lastYear] = bounds.map(mowYearOf) as [number, number];
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index);
  const yearStarts = sql.join(
    years.map((year) => sql`(${year}::smallint, ${mowYearStart(year)}::date)`),
    sql`, `,
  );
  return sql`(
    with year_starts (year, start) as (values ${yearStarts}),
    service_days as (
      select ps.property_id, ps.year, ((day - ys.start) / 7 + 1)::smallint as week, day
      from property_schedules ps
      join year_starts ys on ys.year = ps.year
      cross join lateral unnest(ps.workdays) as day
      where ${dayCondition(sql`day`, selection)}
    )
    select sd.property_id, sd.year, sd.week, sd.day
    from service_days sd
    where not exists (
      select 1 from service_notes n
      where n.property_id = sd.property_id and n.year = sd.year and n.week = sd.week and n.type in ('skip', 'write')
    )
    union all
    select n.property_id, n.year, n.week, n.workday
    from service_notes n
    where n.type = 'write' and ${dayCondition(sql`n.workday`, selection)}
  )`;
}
