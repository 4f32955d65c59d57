import { once, type EventEmitter } from 'node:events';
import { createWriteStream } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import {
  rowCounter,
  typedCell,
  type ExportColumn,
  type ExportColumnKind,
  type ExportOptions,
  type ExportResult,
  type RowBatches,
} from './export-types';

const NUMBER_FORMATS: Record<ExportColumnKind, string | undefined> = {
  text: undefined,
  integer: '0',
  decimal: undefined,
  money: '#,##0.00',
};

function numberFormat<Row>(column: ExportColumn<Row>): string | undefined {
  if (column.kind === 'decimal' && column.decimals !== undefined) return `0.${'0'.repeat(column.decimals)}`;
  return NUMBER_FORMATS[column.kind];
}

/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed (serialised and dropped) as soon as it is
 * added, so memory stays flat whatever the row count. Numbers are written as numbers, money formatted to cents.
 */
export async function writeXlsx<Row>(
  batches: RowBatches<Row>,
  columns: readonly ExportColumn<Row>[],
  filePath: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const output = createWriteStream(filePath);
  // Surfaces an unwritable path now; exceljs would otherwise only notice at the very end.
  await once(output, 'open');
  const failed = new Promise<never>((_, reject) => output.once('error', reject));
  failed.catch(() => undefined);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => {
    const format = numberFormat(column);
    return {
      header: column.label,
      key: column.key,
      width: Math.max(column.width, column.label.length + 2),
      ...(format ? { style: { numFmt: format } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  // One style object per column, shared by all its cells: exceljs caches style ids by object identity, whereas the
  // fresh copy it gives each cell would be serialised and looked up again for every cell (most of the run time).
  const cellStyles: Partial<ExcelJS.Style>[] = columns.map((column) => {
    const format = numberFormat(column);
    return format ? { numFmt: format } : {};
  });
  const counter = rowCounter(options);
  try {
    for await (const batch of batches) {
      await counter.add(batch.length);
      for (const row of batch) {
        const added = sheet.addRow(columns.map((column) => typedCell(column, row)));
        added.eachCell((cell, columnNumber) => {
          cell.style = cellStyles[columnNumber - 1] ?? {};
        });
        added.commit();
      }
      await counter.progress();
      await Promise.race([drained(sheet), failed]);
    }
    sheet.commit();
    await Promise.race([workbook.commit(), failed]);
    if (!output.closed) await once(output, 'close');
  } catch (error) {
    output.destroy();
    throw error;
  }
  return { rowCount: counter.rowCount };
}

/** Uncompressed XML allowed to wait for the compressor: enough to keep it busy, small enough to stay flat. */
const MAX_UNCOMPRESSED_BACKLOG = 2 * 1024 * 1024;

/** archiver's PassThrough comes from readable-stream 2, which predates `writableNeedDrain`. */
type CompressorInput = EventEmitter & { writableLength?: number; _writableState?: { length?: number } };
type SheetInternals = { _stream?: { pipes?: CompressorInput[] } };

/**
 * exceljs writes the sheet's XML into the zip's compressor without waiting for it, so a producer faster than the
 * compressor would pile the difference up in memory (without bound on a long export). After each batch, a backlog
 * above the limit is left to drain before the next batch. (Reads exceljs 4.4 internals; if they change, this only
 * waits a turn.)
 */
async function drained(sheet: ExcelJS.Worksheet): Promise<void> {
  await nextTurn();
  for (const pipe of (sheet as unknown as SheetInternals)._stream?.pipes ?? []) {
    const backlog = pipe.writableLength ?? pipe._writableState?.length ?? 0;
    if (backlog > MAX_UNCOMPRESSED_BACKLOG) await once(pipe, 'drain');
  }
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
function sheetName(title: string | undefined): string {
  const cleaned = (title ?? '').replace(/[[\]:*?/\\]/g, ' ').trim();
  return (cleaned || 'Report').slice(0, 31);
}
