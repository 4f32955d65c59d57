import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import {
  formatCell,
  rowCounter,
  type ExportColumn,
  type ExportOptions,
  type ExportResult,
  type RowBatches,
} from './export-types';

/**
 * Spreadsheet apps run cells starting with these as formulas; a leading apostrophe keeps them text. The CSV that
 * PostgreSQL writes (`customers.export-csv.ts`) guards its text columns with the same list.
 */
export const FORMULA_START_CHARACTERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Written before the header so Excel reads the file as UTF-8 (accents right). */
export const UTF8_BOM = '\uFEFF';

function csvCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const text = formatCell(column, row);
  return column.kind === 'text' && (FORMULA_START_CHARACTERS as readonly string[]).includes(text.charAt(0))
    ? `'${text}`
    : text;
}

/**
 * CSV with a header row of the column labels, UTF-8 with a byte-order mark so Excel reads accents right. Rows flow
 * through csv-stringify into the file with back-pressure, one batch in memory at a time.
 */
export async function writeCsv<Row>(
  batches: RowBatches<Row>,
  columns: readonly ExportColumn<Row>[],
  filePath: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const counter = rowCounter(options);
  async function* records(): AsyncGenerator<string[]> {
    for await (const batch of batches) {
      await counter.add(batch.length);
      for (const row of batch) yield columns.map((column) => csvCell(column, row));
      await counter.progress();
    }
  }
  await pipeline(
    Readable.from(records()),
    stringify({ header: true, columns: columns.map((column) => column.label), bom: true }),
    createWriteStream(filePath),
  );
  return { rowCount: counter.rowCount };
}
