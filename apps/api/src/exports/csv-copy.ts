import { UTF8_BOM } from './csv-writer';

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * Progress is recorded every this many rows (and once at the end). An update is a round trip to the database that
 * holds the COPY up while it runs, so it is rarer than the cursor's batches: 13 updates for 130,000 rows.
 */
export const CSV_PROGRESS_EVERY_ROWS = 10_000;

/**
 * Counts the records a piece of CSV ends: newlines outside quoted fields. A quote opens or closes a quoted field and
 * an escaped quote (`""`) does both, so toggling on every quote tracks whether a newline is inside a value.
 */
function recordEnds(chunk: Buffer, state: { isQuoted: boolean }): number {
  let count = 0;
  if (!state.isQuoted && !chunk.includes(QUOTE)) {
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count += 1;
    return count;
  }
  for (const byte of chunk) {
    if (byte === QUOTE) state.isQuoted = !state.isQuoted;
    else if (byte === NEWLINE && !state.isQuoted) count += 1;
  }
  return count;
}

export type CsvFileProgress = {
  /** Called every `CSV_PROGRESS_EVERY_ROWS` rows and at the end with the rows passed so far. */
  onProgress?: (rows: number) => Promise<void> | void;
  /** Receives the number of data rows (the header not counted) once the last byte has passed. */
  onEnd?: (rows: number) => void;
};

/**
 * A CSV file from a CSV stream with a header row (PostgreSQL's COPY output): a UTF-8 byte-order mark first, as the
 * row-by-row writer writes, then the bytes as they come. Rows are counted as they pass, for progress and the total.
 */
export async function* csvFile(source: AsyncIterable<Buffer>, progress: CsvFileProgress = {}): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM);
  const state = { isQuoted: false };
  let records = 0;
  let reported = 0;
  for await (const chunk of source) {
    records += recordEnds(chunk, state);
    yield chunk;
    const rows = Math.max(records - 1, 0);
    if (rows - reported >= CSV_PROGRESS_EVERY_ROWS) {
      reported = rows;
      await progress.onProgress?.(rows);
    }
  }
  const rows = Math.max(records - 1, 0);
  await progress.onProgress?.(rows);
  progress.onEnd?.(rows);
}
