import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './client';
import { streamWithPgClient } from './pg-client';

/** A compiled query as Drizzle's `toSQL()` gives it: text with `$1..$n` placeholders and their values. */
export type CompiledQuery = { sql: string; params: unknown[] };

/** `{1,2}` / `{"a","b"}`: an array value as PostgreSQL reads an array literal (what node-postgres sends for one). */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    return `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${elements.join(',')}}`;
}

/**
 * One parameter written into the statement as a quoted literal of unknown type, the way node-postgres sends a bound
 * parameter (as text, its type left to the server), so the statement means what it meant with parameters.
 * `escapeLiteral` doubles quotes and backslashes whatever `standard_conforming_strings` says.
 */
function literalOf(client: pg.ClientBase, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return client.escapeLiteral(arrayLiteral(value));
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('a query parameter is not a finite number');
  if (typeof value === 'object') return client.escapeLiteral(JSON.stringify(value));
  return client.escapeLiteral(String(value as string | number | boolean | bigint));
}

/**
 * The query with its parameters written in. COPY takes no parameters, so a query built with them (a list's filters)
 * must carry its values in its text. Placeholders are replaced in one pass, so a value that contains `$2` is never
 * read as one.
 */
export function inlineParams(client: pg.ClientBase, query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (placeholder, index: string) => {
    const position = Number(index) - 1;
    if (position < 0 || position >= query.params.length) throw new Error(`no value for ${placeholder}`);
    return literalOf(client, query.params[position]);
  });
}

/**
 * `COPY (query) TO STDOUT WITH (FORMAT csv, HEADER)` on a dedicated connection: the server writes the CSV (quoting,
 * header from the column names) and the bytes are handed on as they arrive, with back-pressure, so memory stays flat
 * whatever the number of rows. Stopping early ends the COPY and discards the connection.
 */
export function copyCsv(db: Database, query: CompiledQuery): AsyncGenerator<Buffer> {
  return streamWithPgClient(db, async function* (client) {
    const text = `copy (${inlineParams(client, query)}) to stdout with (format csv, header)`;
    const stream = client.query(copyTo(text));
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  });
}
