import type { ReportFormat } from '@lawn/shared';
import type { ExportColumn, ExportOptions, ExportResult, RowBatches } from './export-types';

export type ExportWriter = <Row>(
  batches: RowBatches<Row>,
  columns: readonly ExportColumn<Row>[],
  filePath: string,
  options?: ExportOptions,
) => Promise<ExportResult>;

/**
 * The writer of a format, loaded on first use: exceljs and pdfkit cost tens of MB each, which an API process that
 * never exports that format should not carry.
 */
export async function loadExportWriter(format: ReportFormat): Promise<ExportWriter> {
  switch (format) {
    case 'xlsx':
      return (await import('./xlsx-writer')).writeXlsx;
    case 'csv':
      return (await import('./csv-writer')).writeCsv;
    case 'pdf':
      return (await import('./pdf-writer')).writePdf;
  }
}

export const EXPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};
