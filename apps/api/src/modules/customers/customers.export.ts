import type { CustomerListRow } from '@lawn/shared';
import { and, count, isNull, sql, type SQL } from 'drizzle-orm';
import QueryStream from 'pg-query-stream';
import type { Database } from '../../db/client';
import { streamWithPgClient } from '../../db/pg-client';
import { properties } from '../../db/schema';
import { parseListQueryOrThrow } from '../../http/list-query';
import {
  customersList,
  parseCustomerListQueryOrThrow,
  type CustomerInclude,
  type CustomerListQuery,
} from './customers.list';
import { countListRows, selectListRows } from './customers.repo';
import { listFields, toListRow } from './customers.rows';

/**
 * What to export: the chosen property ids (still only live ones), or the list's own query-string parameters
 * (`filter[...]`, `sort`) meaning "everything matching", with the list's defaults and the list's 400s.
 */
export type CustomerExportSelection = { ids?: number[]; query?: Record<string, string> };

const ALL_INCLUDES: ReadonlySet<CustomerInclude> = new Set(['userEdit', 'userNote']);

type ExportPlan = { where: SQL | undefined; orderBy: SQL[]; listQuery: CustomerListQuery | null };

/** Which rows and in which order; throws the list's HttpError(400) for an unknown filter, sort or value. */
export function planExport(selection: CustomerExportSelection): ExportPlan {
  if (selection.ids !== undefined) {
    // Only the order is taken from the query: the chosen rows are exported whatever the filters say.
    const sort = selection.query?.['sort'];
    const sorted = parseListQueryOrThrow(customersList, sort === undefined ? {} : { sort });
    const ids = [...new Set(selection.ids)].filter((id) => Number.isSafeInteger(id));
    return {
      where: sql`${properties.id} = any(${sql.param(ids)}::int[])`,
      orderBy: sorted.orderBy,
      listQuery: null,
    };
  }
  const query = parseCustomerListQueryOrThrow(selection.query ?? {});
  return { where: query.where, orderBy: query.orderBy, listQuery: query };
}

/** How many rows the export will write (for progress). */
export async function countCustomerExportRows(db: Database, selection: CustomerExportSelection): Promise<number> {
  const plan = planExport(selection);
  if (plan.listQuery) return countListRows(db, plan.listQuery);
  const [row] = await db
    .select({ total: count() })
    .from(properties)
    .where(and(isNull(properties.deletedAt), plan.where));
  return row?.total ?? 0;
}

/**
 * The list rows of the selection (with userEdit and userNote), in the list's order, `batchSize` at a time.
 *
 * The query runs once, as a server-side cursor (pg-query-stream) on a dedicated connection, so memory stays flat
 * whatever the number of rows: only one batch is held at a time. Stopping early (break / return) closes the cursor and
 * gives the connection back.
 */
export async function* customerExportRows(
  db: Database,
  selection: CustomerExportSelection,
  batchSize = 2000,
): AsyncGenerator<CustomerListRow[]> {
  const plan = planExport(selection);
  const fields = listFields(ALL_INCLUDES);
  const names = Object.keys(fields);
  const { sql: text, params } = selectListRows(db, fields, plan.where)
    .orderBy(...plan.orderBy)
    .toSQL();

  yield* streamWithPgClient(db, async function* (client) {
    const stream = client.query(new QueryStream(text, params, { batchSize, rowMode: 'array' }));
    let batch: CustomerListRow[] = [];
    for await (const values of stream as AsyncIterable<unknown[]>) {
      const raw: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index += 1) raw[names[index] as string] = values[index];
      batch.push(toListRow(raw, ALL_INCLUDES));
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  });
}
