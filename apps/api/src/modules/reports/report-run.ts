import type { Database } from '../../db/client';
import type { ReportRow } from '../../db/schema';
import { ExportError } from '../../exports/export-types';
import { isHttpError } from '../../http/errors';
import type { Logger } from '../../logger';
import { isStorageUnavailable, type FileStorage } from '../../storage/file-storage';
import { reportStorageKey } from './report-files';
import * as repo from './reports.repo';

export const REPORT_FAILURE_MESSAGES = {
  invalidQuery: 'The saved selection is no longer valid',
  notWritten: 'The report file could not be written. Please try again later.',
  storeUnavailable: 'The report file could not be stored: the file store cannot be reached. Please try again later.',
  unexpected: 'The report could not be generated. Please try again later.',
} as const;

/**
 * Rows per batch from the database cursor: the unit of memory (one batch is held at a time) and of progress updates.
 * Smaller batches keep the peak lower at no measurable cost in time (one FETCH round trip each).
 */
export const EXPORT_BATCH_SIZE = 1000;

export type ReportRunDeps = { db: Database; storage: FileStorage; log: Logger };

/**
 * Writes one kind of report's file into the file store under `key` (published only when complete), reporting the
 * rows written as it goes; throws an `ExportError` when the saved selection no longer makes sense.
 */
export type ReportFileWriter = (
  report: ReportRow,
  key: string,
  onProgress: (rowsWritten: number) => Promise<void>,
) => Promise<{ rowCount: number }>;

/** Stops the file when its report stops being in progress (deleted by its owner) while the file is written. */
class ReportGoneError extends Error {}

/** A failure retrying cannot fix: the selection or the format refuses the data. */
function isPermanent(error: unknown): boolean {
  return error instanceof ExportError || (isHttpError(error) && error.statusCode < 500);
}

/** What the owner reads in the report list: never a stack trace or SQL. */
export function failureReason(error: unknown): string {
  if (error instanceof ExportError) return error.message;
  if (isHttpError(error) && error.statusCode < 500) {
    const details = Object.values(error.errors ?? {}).flat();
    return details.length > 0
      ? `${REPORT_FAILURE_MESSAGES.invalidQuery}: ${details.join('; ')}`
      : `${REPORT_FAILURE_MESSAGES.invalidQuery}: ${error.message}`;
  }
  if (isStorageUnavailable(error)) return REPORT_FAILURE_MESSAGES.storeUnavailable;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && ['EACCES', 'EPERM', 'ENOSPC', 'EROFS', 'ENOENT', 'EISDIR', 'ENOTDIR', 'EDQUOT'].includes(code)) {
    return REPORT_FAILURE_MESSAGES.notWritten;
  }
  return REPORT_FAILURE_MESSAGES.unexpected;
}

/**
 * Runs a report of any kind: claims it (in_progress, progress reset), has `writeFile` write its file, then marks it
 * completed. Safe to run again: a completed report is left alone, anything else is rewritten from scratch.
 *
 * Failures: permanent ones (invalid selection, too many rows for the format) mark the report failed at once and do not
 * throw, so the queue does not retry them; others mark it failed only on the last attempt and are re-thrown for the
 * queue to retry.
 */
export async function runReport(
  { db, storage, log }: ReportRunDeps,
  reportId: number,
  options: { isLastAttempt: boolean },
  writeFile: ReportFileWriter,
): Promise<void> {
  const report = await repo.startReport(db, reportId);
  if (!report) {
    log.info({ reportId }, 'report already completed or deleted: nothing to do');
    return;
  }
  const key = reportStorageKey(report);
  const started = Date.now();
  const about = { reportId, type: report.type, format: report.format };
  try {
    const { rowCount } = await writeFile(report, key, async (rowsWritten) => {
      if (!(await repo.updateReportProgress(db, reportId, rowsWritten))) throw new ReportGoneError();
    });
    const completed = await repo.completeReport(db, reportId, { filePath: key, rowCount });
    if (!completed) {
      // Deleted while the file was written: the file is nobody's. (A report another run completed keeps its file.)
      if (!(await repo.reportExists(db, reportId))) await storage.delete(key);
      log.info(about, 'report deleted or finished by another run meanwhile');
      return;
    }
    log.info({ ...about, rowCount, ms: Date.now() - started }, 'report completed');
  } catch (error) {
    if (error instanceof ReportGoneError) {
      log.info(about, 'report deleted (or finished by another run) while it was written: stopped');
      return;
    }
    const permanent = isPermanent(error);
    if (permanent || options.isLastAttempt) await repo.failReport(db, reportId, failureReason(error));
    if (permanent) {
      // The details may quote the saved filter values; the report's reason holds them for its owner.
      log.warn(about, 'report failed: the selection or format refuses the data');
      return;
    }
    log.warn({ ...about, isLastAttempt: options.isLastAttempt, err: error }, 'report failed');
    throw error;
  }
}
