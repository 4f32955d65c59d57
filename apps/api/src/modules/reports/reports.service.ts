import {
  DEFAULT_CUSTOMER_COLUMNS,
  REPORT_MESSAGES,
  type CustomerColumn,
  type CustomerExportInput,
  type Report,
  type SendReportInput,
} from '@lawn/shared';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client';
import type { ReportRow } from '../../db/schema';
import { EXPORT_CONTENT_TYPES } from '../../exports/export-writers';
import { PDF_MAX_ROWS } from '../../exports/export-types';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { createFileStorage, type StorageConfig } from '../../storage/configured-storage';
import { FILE_STORE_UNAVAILABLE_MESSAGE, isStorageUnavailable, type FileStorage } from '../../storage/file-storage';
import { countCustomerExportRows, type CustomerExportSelection } from '../customers/customers.service';
import { CUSTOMER_LIST_REPORT_TYPE, reportFilename, reportStorageKey, type CustomerReportQuery } from './report-files';
import * as repo from './reports.repo';

/** The export jobs run the report's file through these. */
export { runCustomerExport } from './customer-export.runner';
export { runSelectionReport } from './selection-report.runner';

/** The job that writes a report of `type`: the customer list's export, or a route report's. */
function jobOf(type: string): 'customer-export' | 'selection-report' {
  return type === CUSTOMER_LIST_REPORT_TYPE ? 'customer-export' : 'selection-report';
}

export const REPORT_PDF_TOO_LARGE_MESSAGE = `A PDF report holds at most ${PDF_MAX_ROWS.toLocaleString('en-US')} customers; select fewer or export to EXCEL or CSV.`;
export const REPORT_FILE_MISSING_MESSAGE = 'The report file is no longer available';

export type ReportsServiceDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  config: StorageConfig;
  logger: Logger;
  storage?: FileStorage;
};

export type ReportDownload = { stream: Readable; filename: string; contentType: string; size: number };

/** A store that cannot be reached answers 503 with a plain message: the request may succeed later. */
async function fromStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStorageUnavailable(error)) throw serviceUnavailable(FILE_STORE_UNAVAILABLE_MESSAGE);
    throw error;
  }
}

/** The selection a request asks for: Select all exports the list's filter and sort, otherwise the chosen ids. */
export function toSelection(input: Pick<CustomerExportInput, 'ids' | 'clients' | 'query'>): CustomerExportSelection {
  if (input.clients === 'all') return { query: input.query ?? {} };
  return { ids: input.ids ?? [], ...(input.query ? { query: input.query } : {}) };
}

export function createReportsService({ db, jobs, config, logger, storage }: ReportsServiceDeps) {
  const files = storage ?? createFileStorage({ config, db });

  async function findOwned(userId: number, id: number): Promise<ReportRow> {
    const row = await repo.findOwnedReport(db, userId, id);
    // Someone else's report answers exactly like a missing one.
    if (!row) throw notFound(REPORT_MESSAGES.notFound);
    return row;
  }

  async function findCompleted(userId: number, id: number): Promise<ReportRow> {
    const row = await findOwned(userId, id);
    if (row.status !== 'completed') throw conflict(REPORT_MESSAGES.notReady);
    return row;
  }

  /**
   * A completed report whose file is not in the store (lost, or a store emptied by hand) answers 404 with a message
   * the owner understands, never a 500; the log line tells the operator which file is missing.
   */
  function fileMissing(row: ReportRow, key: string): never {
    logger.warn({ reportId: row.id, storageKey: key }, 'report file missing from the file store');
    throw notFound(REPORT_FILE_MISSING_MESSAGE);
  }

  return {
    /**
     * Checks the selection (the list's own query rules, the PDF row cap), records the report as requested and queues
     * the export. When the job cannot be queued, the report row is removed again so no report waits forever.
     */
    async requestCustomerExport(userId: number, input: CustomerExportInput): Promise<Report> {
      const selection = toSelection(input);
      // Throws the list's 400 for an unknown filter or sort before anything is stored.
      const rows = await countCustomerExportRows(db, selection);
      if (rows === 0) throw badRequest(REPORT_MESSAGES.selectCustomer, { ids: [REPORT_MESSAGES.selectCustomer] });
      if (input.typeDoc === 'pdf' && rows > PDF_MAX_ROWS) {
        throw badRequest(REPORT_PDF_TOO_LARGE_MESSAGE, { typeDoc: [REPORT_PDF_TOO_LARGE_MESSAGE] });
      }
      const query: CustomerReportQuery = {
        select: [...(input.select ?? DEFAULT_CUSTOMER_COLUMNS)] as CustomerColumn[],
        ...selection,
      };
      const row = await repo.insertReport(db, {
        userId,
        name: input.nameDoc,
        filename: reportFilename(input.nameDoc, input.typeDoc),
        format: input.typeDoc,
        type: CUSTOMER_LIST_REPORT_TYPE,
        query,
      });
      try {
        await jobs.enqueue('customer-export', { reportId: row.id });
      } catch (error) {
        await repo.deleteReport(db, row.id);
        throw error;
      }
      logger.info({ reportId: row.id, userId, format: row.format, rows }, 'customer export requested');
      return repo.toReport(row);
    },

    list: (userId: number, query: ListQuery): Promise<ListResult<Report>> => repo.listReports(db, userId, query),

    get: async (userId: number, id: number): Promise<Report> => repo.toReport(await findOwned(userId, id)),

    async download(userId: number, id: number): Promise<ReportDownload> {
      const row = await findCompleted(userId, id);
      const key = row.filePath ?? reportStorageKey(row);
      const file = await fromStore(() => files.read(key));
      if (!file) return fileMissing(row, key);
      return {
        stream: file.stream,
        filename: row.filename,
        contentType: EXPORT_CONTENT_TYPES[row.format],
        size: file.size,
      };
    },

    /** Queues an e-mail with the report attached; the worker reads the file from storage when it sends. */
    async send(userId: number, id: number, input: SendReportInput): Promise<void> {
      const row = await findCompleted(userId, id);
      const key = row.filePath ?? reportStorageKey(row);
      if (!(await fromStore(() => files.stat(key)))) fileMissing(row, key);
      await jobs.enqueue('send-email', {
        to: [...new Set(input.emails)],
        subject: `Report: ${row.name}`,
        text: `Attached is the report "${row.name}" (${row.filename}, ${row.rowCount} rows).`,
        attachments: [{ storageKey: key, filename: row.filename }],
      });
      logger.info({ reportId: row.id, recipients: input.emails.length }, 'report e-mail queued');
    },

    /**
     * Deletes the record and its file together: the file is removed inside the record's transaction, so when the store
     * cannot remove it the record stays (and the owner can delete it again later).
     */
    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.deleteOwnedReport(tx, userId, id);
        if (!row) throw notFound(REPORT_MESSAGES.notFound);
        await fromStore(() => files.delete(row.filePath ?? reportStorageKey(row)));
      });
    },

    /** A failed report goes back to requested and is queued again. */
    async retry(userId: number, id: number): Promise<Report> {
      const current = await findOwned(userId, id);
      const row = await repo.requeueFailedReport(db, userId, id);
      if (!row) throw conflict('Only a failed report can be retried');
      try {
        await jobs.enqueue(jobOf(row.type), { reportId: row.id });
      } catch (error) {
        await repo.restoreFailedReport(db, row.id, current.failureReason);
        throw error;
      }
      logger.info({ reportId: row.id, userId }, 'report retry requested');
      return repo.toReport(row);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * Start-up hook: queues again every report left requested or in progress, so an export interrupted by a stop or a
 * crash is written as soon as the app is back. (pg-boss would retry the dead worker's job by itself, but only once its
 * expiry, 15 minutes, has passed.) An extra job is harmless: an export rewrites its file from scratch and publishes it
 * whole, and a job for a completed report returns at once, so no row is ever written twice.
 */
export async function resumeUnfinishedReports(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: Logger;
}): Promise<number> {
  const unfinished = await repo.unfinishedReports(deps.db);
  for (const report of unfinished) {
    deps.log.info({ reportId: report.id, status: report.status }, 'resuming an unfinished report');
    await deps.jobs.enqueue(jobOf(report.type), { reportId: report.id });
  }
  return unfinished.length;
}
