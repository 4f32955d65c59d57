import {
  FREQUENCIES,
  type Frequency,
  type OperationsReportRow,
  type PropertyAnswerValues,
  type ReportSelection,
} from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ListDefinition, ListResult } from '../../http/list-query';
import {
  hazardsOf,
  isPropertyInService,
  isPropertyScheduledOn,
  propertyAnswersOf,
  savedRoutePosition,
  specialRequestsOf,
} from '../crew/crew.service';
import {
  chosenProperties,
  daysRelation,
  propertyConditions,
  selectionList,
  countOf,
  type ReportPageQuery,
} from './report-selection';

/** The street of the address without its house number, lower case: the route order walks a street end to end. */
const streetKey = sql`lower(regexp_replace(p.service_address, '^\\s*[0-9]+[A-Za-z]?\\s+', ''))`;
const houseNumber = sql`substring(p.service_address from '^\\s*([0-9]+)')`;

/**
 * GET /api/reports/operations: a row per property and service day. Its default order is the crew's route: crew, day,
 * then the route the office ordered for that crew-day, then street and house number, as the crew's phone orders a
 * day's stops (ADR 0047). A stop without a saved position sorts after the ordered ones.
 */
export const operationsList: ListDefinition = selectionList(
  {
    crew: sql`p.crew`,
    workday: sql`d.day`,
    route: [savedRoutePosition(sql`d.day`), streetKey, sql`length(${houseNumber})`, houseNumber],
    customer: [sql`lower(p.customer_first_name)`, sql`lower(p.customer_last_name)`],
    city: sql`lower(p.city)`,
    market: sql`lower(p.market_name)`,
    customerId: sql`p.account_number`,
  },
  'crew,workday,route',
  sql`(p.id, d.day)`,
);

type RawOperationsRow = {
  property_id: number;
  day: string;
  crew: number | null;
  account_number: string;
  full_name: string;
  service_address: string;
  city: string;
  zipcode: string;
  market_name: string;
  lat: number | null;
  lng: number | null;
  mow_cut: string[] | null;
  gate_code: string | null;
  community_code: string | null;
  answers: PropertyAnswerValues | null;
  special_requests: string[] | null;
  customer_phone: string;
  srv_frequency: number;
};

function toRow(row: RawOperationsRow): OperationsReportRow {
  return {
    key: `${row.property_id}:${row.day}`,
    propertyId: row.property_id,
    workday: row.day,
    crew: row.crew,
    customerId: row.account_number,
    fullName: row.full_name,
    serviceAddress: row.service_address,
    city: row.city,
    zipcode: row.zipcode,
    marketName: row.market_name,
    lat: row.lat,
    lng: row.lng,
    mowCut: row.mow_cut ?? [],
    gateCode: row.gate_code,
    communityCode: row.community_code,
    hazards: hazardsOf(row.answers),
    contactNumber: row.customer_phone,
    frecuencyName: FREQUENCIES[row.srv_frequency as Frequency] ?? String(row.srv_frequency),
    specialRequests: row.special_requests ?? [],
  };
}

/**
 * The service days of the selection: each in-service property of the crew and market, on each day of the selection
 * on which the crew's day finds it (its schedule, skips, write-ins and redos). Starts from the properties (the crew's
 * and the market's list indexes), then each one's schedule by its key. Raw SQL: the crew's day's conditions are SQL
 * over the property `p` and the unnested days (ADR 0003).
 */
function fromSelection(selection: ReportSelection, ids: readonly number[] | undefined): SQL {
  return sql`from properties p cross join ${daysRelation(selection)}
    where ${isPropertyInService} and ${propertyConditions(selection)} and ${chosenProperties(ids)}
      and ${isPropertyScheduledOn(sql`d.day`, { year: selection.year, week: sql`d.week` })}`;
}

export async function listOperations(
  db: Executor,
  selection: ReportSelection,
  query: ReportPageQuery,
  ids?: readonly number[],
): Promise<ListResult<OperationsReportRow>> {
  const from = fromSelection(selection, ids);
  const total = query.render === 'rows' ? 0 : await countOf(db, sql`select count(*)::int as total ${from}`);
  if (query.render === 'count') return { render: 'count', total };
  const result = await db.execute<RawOperationsRow>(sql`
    select p.id as property_id, to_char(d.day, 'YYYY-MM-DD') as day, p.crew, p.account_number,
      p.customer_first_name || ' ' || p.customer_last_name as full_name, p.service_address, p.city, p.zipcode,
      p.market_name, p.lat, p.lng, p.mow_cut, p.gate_code, p.community_code, ${propertyAnswersOf} as answers,
      ${specialRequestsOf} as special_requests, p.customer_phone, p.srv_frequency
    ${from}
    order by ${sql.join(query.orderBy, sql`, `)}
    limit ${query.limit} offset ${query.offset}`);
  return { render: 'paginate', total, rows: result.rows.map(toRow) };
}
