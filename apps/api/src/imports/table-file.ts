import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/**
 * Uploaded tables the office fills in a spreadsheet (crew payments, prices): a .csv or .xlsx file whose first row names
 * the columns, read into rows of text keyed by field, each with its line in the file, so a bad line can be named.
 */

/** A column of a file: the field it fills, the header naming it (any letter case), and whether it must be there. */
export type TableColumn<Field extends string> = { field: Field; header: string; isRequired: boolean };

/** A data row with its line in the file (the header is line 1). */
export type TableRow<Field extends string> = { line: number; cells: Record<Field, string> };

/** Why a file could not be read as rows: not a csv/xlsx at all, or no header naming the required columns. */
export class TableFileError extends Error {
  constructor(readonly reason: 'unreadable' | 'missingColumns') {
    super(reason);
  }
}

/** A cell of an xlsx sheet as the text the office typed: dates as ISO days, formulas as their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // A date cell holds the day at midnight UTC: its ISO day is what the office typed.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

function toRows<Field extends string>(
  table: readonly (readonly string[])[],
  columns: readonly TableColumn<Field>[],
): TableRow<Field>[] {
  const [header, ...data] = table;
  if (!header) throw new TableFileError('missingColumns');
  const names = header.map((name) => name.trim().toLowerCase());
  const indexes = columns.map((column) => names.indexOf(column.header.toLowerCase()));
  if (columns.some((column, position) => column.isRequired && indexes[position] === -1)) {
    throw new TableFileError('missingColumns');
  }
  const rows: TableRow<Field>[] = [];
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const entries = columns.map((column, position) => {
      const at = indexes[position] ?? -1;
      return [column.field, at >= 0 ? (cells[at] ?? '') : ''] as const;
    });
    rows.push({ line: index + 2, cells: Object.fromEntries(entries) as Record<Field, string> });
  });
  return rows;
}

function readCsv(bytes: Buffer): string[][] {
  try {
    return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw new TableFileError('unreadable');
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new TableFileError('unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    table[rowNumber - 1] = values.map((value) => cellText(value as ExcelJS.CellValue));
  });
  // Rows eachRow skipped stay holes: make them empty rows so line numbers stay the sheet's.
  return Array.from(table, (row) => row ?? []);
}

/** The data rows of an uploaded .csv or .xlsx file, each with its line. */
export async function readTableFile<Field extends string>(
  fileName: string,
  bytes: Buffer,
  columns: readonly TableColumn<Field>[],
): Promise<TableRow<Field>[]> {
  const table = fileName.toLowerCase().endsWith('.xlsx') ? await readXlsx(bytes) : readCsv(bytes);
  return toRows(table, columns);
}

/** The template to fill in: the columns' names and an example row. */
export async function tableTemplate(
  sheetName: string,
  headers: readonly string[],
  example: readonly string[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...headers]);
  sheet.addRow([...example]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
