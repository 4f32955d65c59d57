import { SELECTION_REPORT_TYPES, type SelectionReportType } from '@lawn/shared';
import type { Database } from '../../db/client';
import { loadExportWriter } from '../../exports/export-writers';
import { ExportError } from '../../exports/export-types';
import { isHttpError } from '../../http/errors';
import { parseListQueryOrThrow } from '../../http/list-query';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { storeWrittenFile } from '../../storage/temporary-file';
import { EXPORT_BATCH_SIZE, failureReason, REPORT_FAILURE_MESSAGES } from './customer-export.runner';
import { reportStorageKey } from './report-files';
import { selectionOf } from './report-selection';
import * as repo from './reports.repo';
import { SELECTION_REPORTS, selectionReportQuerySchema, selectionRows } from './selection-reports';

export type SelectionReportRunDeps = { db: Database; storage: FileStorage; log: Logger; today: () => string };

/** Stops the file when its report stops being in progress (deleted by its owner) while it is written. */
class ReportGoneError extends Error {}

function isSelectionReportType(type: string): type is SelectionReportType {
  return (SELECTION_REPORT_TYPES as readonly string[]).includes(type);
}

const isPermanent = (error: unknown) => error instanceof ExportError || (isHttpError(error) && error.statusCode < 500);

/**
 * Writes a route report's file (operations, reconciliation, bush-bed) the way a customer-list export is written:
 * claims the report, streams the selection's rows batch by batch through the format's writer into a temporary file,
 * stores it (published only when complete) and marks the report completed. A completed report is left alone; anything
 * else is rewritten from scratch. A permanent failure (the saved selection no longer valid, too many rows for the
 * format) marks it failed at once; others only on the last attempt, and are re-thrown for the queue to retry.
 */
export async function runSelectionReport(
  { db, storage, log, today }: SelectionReportRunDeps,
  reportId: number,
  options: { isLastAttempt: boolean },
): Promise<void> {
  const report = await repo.startReport(db, reportId);
  if (!report) {
    log.info({ reportId }, 'report already completed or deleted: nothing to do');
    return;
  }
  const key = reportStorageKey(report);
  try {
    const stored = selectionReportQuerySchema.safeParse(report.query);
    if (!stored.success || !isSelectionReportType(report.type)) {
      throw new ExportError(REPORT_FAILURE_MESSAGES.invalidQuery);
    }
    const definition = SELECTION_REPORTS[report.type];
    const listQuery = parseListQueryOrThrow(definition.list, stored.data.query);
    const selection = selectionOf(listQuery, today());
    const writer = await loadExportWriter(report.format);
    const rows = selectionRows(db, definition, selection, {
      orderBy: listQuery.orderBy,
      ids: stored.data.ids,
      batchSize: EXPORT_BATCH_SIZE,
    });
    const { rowCount } = await storeWrittenFile(storage, key, (temporaryPath) =>
      writer(rows, definition.columns(stored.data.select), temporaryPath, {
        title: report.name,
        onProgress: async (rowsWritten) => {
          if (!(await repo.updateReportProgress(db, reportId, rowsWritten))) throw new ReportGoneError();
        },
      }),
    );
    const completed = await repo.completeReport(db, reportId, { filePath: key, rowCount });
    if (!completed && !(await repo.reportExists(db, reportId))) await storage.delete(key);
    log.info({ reportId, type: report.type, format: report.format, rowCount }, 'report completed');
  } catch (error) {
    if (error instanceof ReportGoneError) {
      log.info({ reportId }, 'report deleted (or finished by another run) while it was written: stopped');
      return;
    }
    const permanent = isPermanent(error);
    if (permanent || options.isLastAttempt) await repo.failReport(db, reportId, failureReason(error));
    if (permanent) {
      log.warn({ reportId, type: report.type }, 'report failed: the selection or format refuses the data');
      return;
    }
    log.warn({ reportId, type: report.type, isLastAttempt: options.isLastAttempt, err: error }, 'report failed');
    throw error;
  }
}
