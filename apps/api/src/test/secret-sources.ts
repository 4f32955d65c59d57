import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { decodeMimeMessage } from './mime-text';
import type { TextSource } from './secret-scan';

/** bytea values appear in JSON as `\x<hex>`; their bytes are added as text so a secret stored as bytes is seen. */
function withDecodedBytes(json: string): string {
  const decoded = [...json.matchAll(/\\\\x((?:[0-9a-f]{2})+)/g)].map((match) =>
    Buffer.from(match[1] ?? '', 'hex').toString('latin1'),
  );
  return decoded.length > 0 ? `${json}\n${decoded.join('\n')}` : json;
}

/**
 * Every row of every table of the database (all schemas, the job queue's included; partitions through their parent),
 * one source per table with one JSON row per line, and each large object as text: what a copy of the database would
 * hand out.
 */
export async function databaseTextSources(databaseUrl: string): Promise<TextSource[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; table: string }>(
      `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'm') and not c.relispartition
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
       order by 1, 2`,
    );
    const sources: TextSource[] = [];
    for (const { schema, table } of tables.rows) {
      const name = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
      const rows = await client.query<{ row: string }>(`select row_to_json(t)::text as row from ${name} t`);
      sources.push({
        name: `database:${schema}.${table}`,
        text: withDecodedBytes(rows.rows.map((row) => row.row).join('\n')),
      });
    }
    const largeObjects = await client.query<{ oid: number; content: Buffer }>(
      'select oid::int as oid, lo_get(oid) as content from pg_largeobject_metadata order by oid',
    );
    for (const { oid, content } of largeObjects.rows) {
      sources.push({ name: `database:large object ${oid}`, text: content.toString('latin1') });
    }
    return sources;
  } finally {
    await client.end();
  }
}

/** Names of the .eml files in an outbox folder, oldest first (their names start with the time they were written). */
export async function outboxFiles(outboxDir: string): Promise<string[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith('.eml')).toSorted();
}

/** Each e-mail of an outbox as written, followed by its decoded headers and parts (quoted-printable, base64). */
export async function outboxTextSources(outboxDir: string): Promise<TextSource[]> {
  const sources: TextSource[] = [];
  for (const name of await outboxFiles(outboxDir)) {
    const raw = await readFile(path.join(outboxDir, name), 'utf8');
    sources.push({ name: `outbox:${name}`, text: `${raw}\n${decodeMimeMessage(raw)}` });
  }
  return sources;
}
