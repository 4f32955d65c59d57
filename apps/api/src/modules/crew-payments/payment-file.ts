import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { CREW_PAYMENT_COLUMNS, CREW_PAYMENT_EXAMPLE_ROW, type CrewPaymentCells } from '@lawn/shared';

/** A data row of a payment file with its line in the file (the header is line 1). */
export type PaymentFileRow = { line: number; cells: CrewPaymentCells };

/** Why a file could not be read as rows: not a csv/xlsx at all, or no header naming the columns. */
export class PaymentFileError extends Error {
  constructor(readonly reason: 'unreadable' | 'missingColumns') {
    super(reason);
  }
}

const FIELDS = ['crewNumber', 'date', 'amount', 'note'] as const satisfies readonly (keyof CrewPaymentCells)[];

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

/** Where each column is, from the header's names (any order, any letter case); Note may be left out. */
function columnIndexes(header: readonly string[]): number[] {
  const names = header.map((name) => name.trim().toLowerCase());
  const indexes = CREW_PAYMENT_COLUMNS.map((column) => names.indexOf(column.toLowerCase()));
  if (indexes.slice(0, 3).some((index) => index < 0)) throw new PaymentFileError('missingColumns');
  return indexes;
}

function toRows(table: readonly (readonly string[])[]): PaymentFileRow[] {
  const [header, ...data] = table;
  if (!header) throw new PaymentFileError('missingColumns');
  const indexes = columnIndexes(header);
  const rows: PaymentFileRow[] = [];
  data.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const pick = (column: number) =>
      indexes[column] !== undefined && indexes[column] >= 0 ? (cells[indexes[column]] ?? '') : '';
    const row = Object.fromEntries(FIELDS.map((field, column) => [field, pick(column)])) as CrewPaymentCells;
    rows.push({ line: index + 2, cells: row });
  });
  return rows;
}

function readCsv(bytes: Buffer): string[][] {
  try {
    return parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    throw new PaymentFileError('unreadable');
  }
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new PaymentFileError('unreadable');
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

/** The data rows of an uploaded .csv or .xlsx payment file, each with its line. */
export async function readPaymentFile(fileName: string, bytes: Buffer): Promise<PaymentFileRow[]> {
  const table = fileName.toLowerCase().endsWith('.xlsx') ? await readXlsx(bytes) : readCsv(bytes);
  return toRows(table);
}

/** The template to fill in: the columns' names and an example row. */
export async function paymentTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Crew payments');
  sheet.addRow([...CREW_PAYMENT_COLUMNS]);
  sheet.addRow([...CREW_PAYMENT_EXAMPLE_ROW]);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
