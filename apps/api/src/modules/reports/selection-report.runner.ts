import { SELECTION_REPORT_TYPES, type SelectionReportType } from '@lawn/shared';
import { loadExportWriter } from '../../exports/export-writers';
import { ExportError } from '../../exports/export-types';
import { parseListQueryOrThrow } from '../../http/list-query';
import { storeWrittenFile } from '../../storage/temporary-file';
import { selectionOf } from './report-selection';
import { EXPORT_BATCH_SIZE, REPORT_FAILURE_MESSAGES, runReport, type ReportRunDeps } from './report-run';
import { SELECTION_REPORTS, selectionReportQuerySchema, selectionRows } from './selection-reports';

export type SelectionReportRunDeps = ReportRunDeps & { today: () => string };

function isSelectionReportType(type: string): type is SelectionReportType {
  return (SELECTION_REPORT_TYPES as readonly string[]).includes(type);
}

/**
 * Writes a route report's file (operations, reconciliation, bush-bed): the selection's rows, batch by batch, through
 * the format's writer into a temporary file, then into the file store.
 */
export async function runSelectionReport(
  deps: SelectionReportRunDeps,
  reportId: number,
  options: { isLastAttempt: boolean },
): Promise<void> {
  await runReport(deps, reportId, options, async (report, key, onProgress) => {
    const stored = selectionReportQuerySchema.safeParse(report.query);
    if (!stored.success || !isSelectionReportType(report.type)) {
      throw new ExportError(REPORT_FAILURE_MESSAGES.invalidQuery);
    }
    const definition = SELECTION_REPORTS[report.type];
    const listQuery = parseListQueryOrThrow(definition.list, stored.data.query);
    const selection = selectionOf(listQuery, deps.today());
    const writer = await loadExportWriter(report.format);
    const rows = selectionRows(deps.db, definition, selection, {
      orderBy: listQuery.orderBy,
      ids: stored.data.ids,
      batchSize: EXPORT_BATCH_SIZE,
    });
    return storeWrittenFile(deps.storage, key, (temporaryPath) =>
      writer(rows, definition.columns(stored.data.select), temporaryPath, { title: report.name, onProgress }),
    );
  });
}
