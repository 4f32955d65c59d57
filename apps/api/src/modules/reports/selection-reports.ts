import { SELECTION_REPORT_COLUMNS, type ReportSelection, type SelectionReportType } from '@lawn/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { ExportColumn } from '../../exports/export-types';
import {
  bushBedExportColumns,
  operationsExportColumns,
  reconciliationExportColumns,
} from '../../exports/selection-report-columns';
import type { ListDefinition, ListQuery, ListResult } from '../../http/list-query';
import { bushBedReportList, listBushBedServices } from './bush-bed-report.repo';
import { listOperations, operationsList } from './operations-report.repo';
import { listReconciliation, reconciliationList } from './reconciliation-report.repo';
import type { ReportPageQuery } from './report-selection';

/** One route report: its list (filters and sorts), how it reads a page of rows, and its file's columns. */
export type SelectionReport<Row> = {
  list: ListDefinition;
  rows: (
    db: Executor,
    selection: ReportSelection,
    query: ReportPageQuery,
    ids?: readonly number[],
  ) => Promise<ListResult<Row>>;
  columns: (select: readonly string[]) => ExportColumn<Row>[];
};

function report<Row>(definition: SelectionReport<Row>): SelectionReport<unknown> {
  return definition as SelectionReport<unknown>;
}

export const SELECTION_REPORTS: Record<SelectionReportType, SelectionReport<unknown>> = {
  operations: report({ list: operationsList, rows: listOperations, columns: operationsExportColumns }),
  reconciliation: report({ list: reconciliationList, rows: listReconciliation, columns: reconciliationExportColumns }),
  'bush-bed': report({ list: bushBedReportList, rows: listBushBedServices, columns: bushBedExportColumns }),
};

/** The columns a file shows when the request names none: all of the report's columns. */
export function allColumnsOf(type: SelectionReportType): string[] {
  return Object.keys(SELECTION_REPORT_COLUMNS[type]);
}

/**
 * What a route report stores in `reports.query`: the columns, the chosen properties (none: all of the selection) and
 * the grid's query with the year written in, so the file lists the year it was asked for whenever it runs.
 */
export const selectionReportQuerySchema = z.object({
  select: z.array(z.string()).min(1),
  ids: z.array(z.number().int().positive()).optional(),
  query: z.record(z.string(), z.string()),
});
export type SelectionReportQuery = z.infer<typeof selectionReportQuerySchema>;

/** Rows of a selection a batch at a time, in the list's order (one batch held at a time). */
export async function* selectionRows(
  db: Executor,
  definition: SelectionReport<unknown>,
  selection: ReportSelection,
  { orderBy, ids, batchSize }: { orderBy: ListQuery['orderBy']; ids: readonly number[] | undefined; batchSize: number },
): AsyncIterable<readonly unknown[]> {
  for (let offset = 0; ; offset += batchSize) {
    const page = await definition.rows(db, selection, { render: 'rows', orderBy, limit: batchSize, offset }, ids);
    const rows = page.render === 'paginate' ? page.rows : [];
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
