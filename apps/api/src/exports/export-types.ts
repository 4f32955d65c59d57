/**
 * How a value is shown: `text` as is, `integer` and `decimal` as numbers (decimal with `decimals` places in text
 * formats), `money` as a number with 2 decimals.
 */
export type ExportColumnKind = 'text' | 'integer' | 'decimal' | 'money';

export type ExportColumn<Row> = {
  key: string;
  /** Header text. */
  label: string;
  kind: ExportColumnKind;
  /** Places shown for `decimal` columns in csv and pdf (xlsx keeps the full number and formats it). */
  decimals?: number;
  /** Relative width (characters, roughly) for xlsx and pdf layouts. */
  width: number;
  value: (row: Row) => string | number | null | undefined;
};

/** A PDF is for reading and printing; bigger selections belong in xlsx or csv (checked when the report is asked for). */
export const PDF_MAX_ROWS = 5_000;

/** Row batches in the order they are to be written; only one batch is held at a time. */
export type RowBatches<Row> = AsyncIterable<readonly Row[]>;

export type ExportOptions = {
  /** Called after each batch with the number of rows written so far. */
  onProgress?: (rowsWritten: number) => Promise<void> | void;
  /** Sheet or document title. */
  title?: string;
  /** The most rows the format accepts; more throws an ExportError. */
  maxRows?: number;
};

export type ExportResult = { rowCount: number };

/** A failure that retrying cannot fix; its message is meant for the report's owner. */
export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/** A cell as text, the way csv and pdf show it (money with 2 decimals, missing values empty). */
export function formatCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    if (column.kind === 'money') return value.toFixed(2);
    if (column.kind === 'decimal' && column.decimals !== undefined) return value.toFixed(column.decimals);
    return String(value);
  }
  return value;
}

/** A cell as a typed value for spreadsheets: numbers stay numbers. */
export function typedCell<Row>(column: ExportColumn<Row>, row: Row): string | number | null {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  if (column.kind === 'text') return String(value);
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return null;
  // Money is stored to the cent; rounding here keeps float noise (12.300000001) out of the sheet.
  return column.kind === 'money' ? Math.round(number * 100) / 100 : number;
}

/** Counts rows across batches and enforces the row cap. */
export function rowCounter(options: ExportOptions) {
  let rowCount = 0;
  return {
    get rowCount() {
      return rowCount;
    },
    async add(batchSize: number): Promise<void> {
      rowCount += batchSize;
      if (options.maxRows !== undefined && rowCount > options.maxRows) {
        throw new ExportError(
          `This format holds at most ${options.maxRows.toLocaleString('en-US')} rows; choose fewer customers or another format.`,
        );
      }
    },
    async progress(): Promise<void> {
      await options.onProgress?.(rowCount);
    },
  };
}
