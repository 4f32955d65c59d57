import {
  BUSH_BED_STATUSES,
  MOW_DAYS,
  type BushBedReportRow,
  type BushBedStatus,
  type MowDay,
  type ReportSelection,
} from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ListDefinition, ListResult } from '../../http/list-query';
import { chosenProperties, propertyConditions, selectionList, countOf, type ReportPageQuery } from './report-selection';

/** GET /api/reports/bush-bed: a row per bush-and-bed service, by week, weekday and crew by default. */
export const bushBedReportList: ListDefinition = selectionList(
  {
    week: sql`b.week`,
    weekDay: sql`b.week_day`,
    crew: sql`b.crew`,
    customer: [sql`lower(p.customer_first_name)`, sql`lower(p.customer_last_name)`],
    market: sql`lower(p.market_name)`,
    status: sql`b.status`,
  },
  'week,weekDay,crew',
  sql`b.id`,
);

type RawBushBedRow = {
  id: number;
  property_id: number;
  week: number;
  week_day: number;
  crew: number;
  status: number;
  instruction: string;
  account_number: string;
  full_name: string;
  service_address: string;
  city: string;
  market_name: string;
  lat: number | null;
  lng: number | null;
  bb_notes: string | null;
};

function toRow(row: RawBushBedRow): BushBedReportRow {
  return {
    key: String(row.id),
    propertyId: row.property_id,
    week: row.week,
    weekDay: row.week_day,
    weekDayName: MOW_DAYS[row.week_day as MowDay] ?? String(row.week_day),
    crew: row.crew,
    statusName: BUSH_BED_STATUSES[row.status as BushBedStatus] ?? String(row.status),
    instruction: row.instruction,
    customerId: row.account_number,
    fullName: row.full_name,
    serviceAddress: row.service_address,
    city: row.city,
    marketName: row.market_name,
    lat: row.lat,
    lng: row.lng,
    bbNotes: row.bb_notes,
  };
}

/**
 * The bush-and-bed services of the selection's year, week, weekday and crew (the service's own crew) in the
 * property's market. Raw SQL: the selection's conditions are shared with the other route reports, which need raw SQL
 * (ADR 0003); `bush_bed_services_year_week_idx` serves the year and week.
 */
function fromSelection(selection: ReportSelection, ids: readonly number[] | undefined): SQL {
  return sql`from bush_bed_services b
    join properties p on p.id = b.property_id
    where b.year = ${selection.year} and p.deleted_at is null
      and ${selection.week === undefined ? sql`true` : sql`b.week = ${selection.week}`}
      and ${selection.weekDay === undefined ? sql`true` : sql`b.week_day = ${selection.weekDay}`}
      and ${propertyConditions(selection, sql`b.crew`)} and ${chosenProperties(ids)}`;
}

export async function listBushBedServices(
  db: Executor,
  selection: ReportSelection,
  query: ReportPageQuery,
  ids?: readonly number[],
): Promise<ListResult<BushBedReportRow>> {
  const from = fromSelection(selection, ids);
  const total = query.render === 'rows' ? 0 : await countOf(db, sql`select count(*)::int as total ${from}`);
  if (query.render === 'count') return { render: 'count', total };
  const result = await db.execute<RawBushBedRow>(sql`
    select b.id, b.property_id, b.week::int as week, b.week_day::int as week_day, b.crew, b.status::int as status,
      b.instruction, p.account_number, p.customer_first_name || ' ' || p.customer_last_name as full_name,
      p.service_address, p.city, p.market_name, p.lat, p.lng, p.bb_notes
    ${from}
    order by ${sql.join(query.orderBy, sql`, `)}
    limit ${query.limit} offset ${query.offset}`);
  return { render: 'paginate', total, rows: result.rows.map(toRow) };
}
