import {
  INVOICE_STATUSES,
  reconciliationDifferences,
  type InvoiceStatus,
  type ReconciliationReportRow,
  type ReportSelection,
} from '@lawn/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ListDefinition, ListResult } from '../../http/list-query';
import { isPropertyInService, isPropertyScheduledOn } from '../crew/crew.service';
import {
  chosenProperties,
  daysRelation,
  propertyConditions,
  selectionList,
  countOf,
  type ReportPageQuery,
} from './report-selection';

/** GET /api/reports/reconciliation: a row per property and mow week, by crew, week and account by default. */
export const reconciliationList: ListDefinition = selectionList(
  {
    crew: sql`p.crew`,
    week: sql`k.week`,
    customer: [sql`lower(p.customer_first_name)`, sql`lower(p.customer_last_name)`],
    market: sql`lower(p.market_name)`,
    customerId: sql`p.account_number`,
  },
  'crew,week,customerId',
  sql`(k.property_id, k.week)`,
);

type RawReconciliationRow = {
  property_id: number;
  week: number;
  account_number: string;
  full_name: string;
  service_address: string;
  city: string;
  crew: number | null;
  market_name: string;
  scheduled_day: string | null;
  done_day: string | null;
  billed_day: string | null;
  invoice_total: number | null;
  invoice_status: number | null;
};

function toRow(row: RawReconciliationRow): ReconciliationReportRow {
  return {
    key: `${row.property_id}:${row.week}`,
    propertyId: row.property_id,
    week: row.week,
    customerId: row.account_number,
    fullName: row.full_name,
    serviceAddress: row.service_address,
    city: row.city,
    crew: row.crew,
    marketName: row.market_name,
    scheduledDay: row.scheduled_day,
    doneDay: row.done_day,
    billedDay: row.billed_day,
    invoiceTotal: row.invoice_total,
    invoiceStatusName:
      row.invoice_status === null
        ? null
        : (INVOICE_STATUSES[row.invoice_status as InvoiceStatus] ?? String(row.invoice_status)),
    differences: reconciliationDifferences({
      isScheduled: row.scheduled_day !== null,
      isDone: row.done_day !== null,
      isBilled: row.billed_day !== null,
    }),
  };
}

/**
 * The property weeks of the selection with what each had (docs/adr/0041-reconciliation-report.md): `scheduled`, the
 * service days the crew's day finds; `done`, the visits a crew checked out of or the office settled as done; `billed`,
 * the week's invoice whose service day is in the selection; `keys`, every property week with any of the three. The
 * crew and market are the property's. Raw SQL: the CTEs, the unnested days and the crew's day's conditions are beyond
 * the query builder (ADR 0003).
 */
function withFacts(selection: ReportSelection, ids: readonly number[] | undefined): SQL {
  const conditions = sql`${propertyConditions(selection)} and ${chosenProperties(ids)}`;
  return sql`with days as (select * from ${daysRelation(selection)}),
    scheduled as (
      select p.id as property_id, d.week, min(d.day) as day
      from properties p cross join days d
      where ${isPropertyInService} and ${conditions}
        and ${isPropertyScheduledOn(sql`d.day`, { year: selection.year, week: sql`d.week` })}
      group by p.id, d.week
    ),
    done as (
      select v.property_id, d.week, min(v.workday) as day
      from days d
      join visits v on v.workday = d.day
      join properties p on p.id = v.property_id
      where (v.checked_out_at is not null or v.confirmation = 'done') and p.deleted_at is null and ${conditions}
      group by v.property_id, d.week
    ),
    billed as (
      select i.property_id, d.week, i.service_date as day, i.total, i.status
      from days d
      join invoices i on i.service_date = d.day and i.year = ${selection.year}
      join properties p on p.id = i.property_id
      where p.deleted_at is null and ${conditions}
    ),
    keys as (
      select property_id, week from scheduled
      union select property_id, week from done
      union select property_id, week from billed
    )`;
}

export async function listReconciliation(
  db: Executor,
  selection: ReportSelection,
  query: ReportPageQuery,
  ids?: readonly number[],
): Promise<ListResult<ReconciliationReportRow>> {
  const facts = withFacts(selection, ids);
  const total = query.render === 'rows' ? 0 : await countOf(db, sql`${facts} select count(*)::int as total from keys`);
  if (query.render === 'count') return { render: 'count', total };
  const result = await db.execute<RawReconciliationRow>(sql`${facts}
    select k.property_id, k.week::int as week, p.account_number,
      p.customer_first_name || ' ' || p.customer_last_name as full_name, p.service_address, p.city, p.crew,
      p.market_name, to_char(s.day, 'YYYY-MM-DD') as scheduled_day, to_char(dn.day, 'YYYY-MM-DD') as done_day,
      to_char(b.day, 'YYYY-MM-DD') as billed_day, b.total::float8 as invoice_total, b.status::int as invoice_status
    from keys k
    join properties p on p.id = k.property_id
    left join scheduled s on s.property_id = k.property_id and s.week = k.week
    left join done dn on dn.property_id = k.property_id and dn.week = k.week
    left join billed b on b.property_id = k.property_id and b.week = k.week
    order by ${sql.join(query.orderBy, sql`, `)}
    limit ${query.limit} offset ${query.offset}`);
  return { render: 'paginate', total, rows: result.rows.map(toRow) };
}
