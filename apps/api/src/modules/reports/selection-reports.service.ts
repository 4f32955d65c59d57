import {
  calendarDateIn,
  REPORT_MESSAGES,
  type Report,
  type SelectionReportRequest,
  type SelectionReportType,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { PDF_MAX_ROWS } from '../../exports/export-types';
import { badRequest } from '../../http/errors';
import { parseListQueryOrThrow, type ListQuery, type ListResult } from '../../http/list-query';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { reportFilename } from './report-files';
import { selectionOf } from './report-selection';
import * as repo from './reports.repo';
import { REPORT_PDF_TOO_LARGE_MESSAGE } from './reports.service';
import { allColumnsOf, SELECTION_REPORTS, type SelectionReportQuery } from './selection-reports';

export type SelectionReportsServiceDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  logger: Logger;
  clock?: () => Date;
};

/**
 * The office's route reports: the operations report (the crews' route sheets), the reconciliation report (scheduled,
 * done and billed, with their differences) and the bush-bed report, as paged grids and as files written by the report
 * pipeline.
 */
export function createSelectionReportsService({
  db,
  jobs,
  logger,
  clock = () => new Date(),
}: SelectionReportsServiceDeps) {
  const today = () => calendarDateIn(clock());

  return {
    /** A page of the report; 400 'Select a parameter' when the selection does not narrow the year. */
    async list(type: SelectionReportType, query: ListQuery): Promise<ListResult<unknown>> {
      return SELECTION_REPORTS[type].rows(db, selectionOf(query, today()), query);
    },

    /**
     * Checks the grid's query (the list's own rules, the selection, the PDF row cap), records the report as requested
     * with the year written in and queues its file. When the job cannot be queued, the report row is removed again.
     */
    async request(userId: number, type: SelectionReportType, input: SelectionReportRequest): Promise<Report> {
      const definition = SELECTION_REPORTS[type];
      const listQuery = parseListQueryOrThrow(definition.list, { ...input.query, render: 'count' });
      const selection = selectionOf(listQuery, today());
      const ids = input.clients === 'all' ? undefined : input.ids;
      const counted = await definition.rows(db, selection, listQuery, ids);
      if (counted.total === 0) {
        throw badRequest(REPORT_MESSAGES.selectCustomer, { ids: [REPORT_MESSAGES.selectCustomer] });
      }
      if (input.typeDoc === 'pdf' && counted.total > PDF_MAX_ROWS) {
        throw badRequest(REPORT_PDF_TOO_LARGE_MESSAGE, { typeDoc: [REPORT_PDF_TOO_LARGE_MESSAGE] });
      }
      const { render: _render, page: _page, limit: _limit, ...kept } = input.query;
      const query: SelectionReportQuery = {
        select: [...(input.select ?? allColumnsOf(type))],
        ...(ids ? { ids: [...ids] } : {}),
        query: { ...kept, 'filter[year]': String(selection.year) },
      };
      const row = await repo.insertReport(db, {
        userId,
        name: input.nameDoc,
        filename: reportFilename(input.nameDoc, input.typeDoc),
        format: input.typeDoc,
        type,
        query,
      });
      try {
        await jobs.enqueue('selection-report', { reportId: row.id });
      } catch (error) {
        await repo.deleteReport(db, row.id);
        throw error;
      }
      logger.info({ reportId: row.id, userId, type, format: row.format, rows: counted.total }, 'report requested');
      return repo.toReport(row);
    },
  };
}

export type SelectionReportsService = ReturnType<typeof createSelectionReportsService>;
