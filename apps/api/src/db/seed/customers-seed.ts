import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Executor } from '../client';
import { withPgClient } from '../pg-client';
import { markets, users } from '../schema';
import {
  createCustomerGenerator,
  type GeneratedCustomer,
  type GeneratedProperty,
  type GeneratedRecord,
  type GeneratorMarket,
} from './customers-generator';

export const DEMO_PROPERTY_COUNT = 5000;
export const DEMO_SEED = 20_260_301;
const STAFF_ROLES = ['Admin', 'Manager', 'Representative', 'customer-service'] as const;

type GeneratorContext = { markets: GeneratorMarket[]; staffIds: number[] };

async function generatorContext(db: Executor): Promise<GeneratorContext> {
  const marketRows = await db
    .select({ id: markets.id, name: markets.name, taxRate: markets.taxRate })
    .from(markets)
    .orderBy(markets.id);
  const staff = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(users.id);
  return { markets: marketRows, staffIds: staff.map((row) => row.id) };
}

/**
 * The demo customers of a fresh install (about 5,000 properties). Idempotent: does nothing once any property exists.
 * One transaction with COPY: about a second.
 */
export async function seedDemoCustomers(
  db: Database,
  options: { properties?: number; seed?: number; today?: Date } = {},
): Promise<number> {
  const count = options.properties ?? DEMO_PROPERTY_COUNT;
  if (count <= 0) return 0;
  const context = await generatorContext(db);
  return withPgClient(db, async (client) => {
    await client.query('begin');
    try {
      // Serialises two instances starting together on an empty database.
      await client.query('lock table customers, properties in share row exclusive mode');
      const existing = await client.query('select 1 from properties limit 1');
      if (existing.rowCount) {
        await client.query('rollback');
        return 0;
      }
      const maxIds = await client.query<{ customer: string; property: string }>(
        'select (select coalesce(max(id), 0) from customers) as customer, (select coalesce(max(id), 0) from properties) as property',
      );
      const generator = createCustomerGenerator({
        seed: options.seed ?? DEMO_SEED,
        ...context,
        firstCustomerId: Number(maxIds.rows[0]?.customer ?? 0) + 1,
        firstPropertyId: Number(maxIds.rows[0]?.property ?? 0) + 1,
        today: options.today,
      });
      await copyRecords(client, generator.records(count));
      for (const table of ['customers', 'properties']) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    await client.query('analyze customers');
    await client.query('analyze properties');
    return count;
  });
}

// ---- bulk load through COPY -------------------------------------------------------------------------------------

type PgClient = pg.PoolClient | pg.Client;

type CopyValue = string | number | boolean | Date | readonly string[] | null;

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeCopy(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] ?? '') : text;
}

/** One value in COPY's text format. */
function copyText(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeCopy(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  // An array literal: every element quoted, so commas and braces inside need no thought.
  return escapeCopy(`{${value.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
}

type ColumnSpec<Row> = readonly (readonly [string, (row: Row) => CopyValue])[];

export const CUSTOMER_COLUMNS: ColumnSpec<GeneratedCustomer> = [
  ['id', (row) => row.id],
  ['first_name', (row) => row.firstName],
  ['last_name', (row) => row.lastName],
  ['email', (row) => row.email],
  ['contact_number', (row) => row.contactNumber],
  ['is_cellphone', (row) => row.isCellphone],
  ['mail_preferences', (row) => row.mailPreferences],
  ['is_translation', (row) => row.isTranslation],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
];

export const PROPERTY_COLUMNS: ColumnSpec<GeneratedProperty> = [
  ['id', (row) => row.id],
  ['customer_id', (row) => row.customerId],
  ['account_number', (row) => row.accountNumber],
  ['market_id', (row) => row.marketId],
  ['service_address', (row) => row.serviceAddress],
  ['city', (row) => row.city],
  ['state', (row) => row.state],
  ['zipcode', (row) => row.zipcode],
  ['lat', (row) => row.lat],
  ['lng', (row) => row.lng],
  ['crew', (row) => row.crew],
  ['week_day', (row) => row.weekDay],
  ['srv_frequency', (row) => row.srvFrequency],
  ['lot_size', (row) => row.lotSize],
  ['turf_size', (row) => row.turfSize],
  ['billing_lot_size', (row) => row.billingLotSize],
  ['lot_review', (row) => row.lotReview],
  ['use_corner_lot', (row) => row.useCornerLot],
  ['mow_cut', (row) => row.mowCut],
  ['cost_service', (row) => row.costService],
  ['subtotal_mowing', (row) => row.subtotalMowing],
  ['tax_rate', (row) => row.taxRate],
  ['calculated_tax', (row) => row.calculatedTax],
  ['total_mowing', (row) => row.totalMowing],
  ['status', (row) => row.status],
  ['status_orders', (row) => row.statusOrders],
  ['is_restart', (row) => row.isRestart],
  ['is_approved', (row) => row.isApproved],
  ['service_date', (row) => row.serviceDate],
  ['join_date', (row) => row.joinDate],
  ['send_schedule', (row) => row.sendSchedule],
  ['future_cancel', (row) => row.futureCancel],
  ['payment_type', (row) => row.paymentType],
  ['card_type', (row) => row.cardType],
  ['card_last_four', (row) => row.cardLastFour],
  ['card_expiry', (row) => row.cardExpiry],
  ['payment_token', (row) => row.paymentToken],
  ['bank_last_four', (row) => row.bankLastFour],
  ['billing_name', (row) => row.billingName],
  ['billing_address', (row) => row.billingAddress],
  ['billing_city', (row) => row.billingCity],
  ['billing_state', (row) => row.billingState],
  ['billing_zip', (row) => row.billingZip],
  ['how_heard', (row) => row.howHeard],
  ['referral_code', (row) => row.referralCode],
  ['csr_user_id', (row) => row.csrUserId],
  ['last_edited_by', (row) => row.lastEditedBy],
  ['last_edited_at', (row) => row.lastEditedAt],
  ['last_note_by', (row) => row.lastNoteBy],
  ['last_note_at', (row) => row.lastNoteAt],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
];

export function copyLine<Row>(columns: ColumnSpec<Row>, row: Row): string {
  return `${columns.map(([, value]) => copyText(value(row))).join('\t')}\n`;
}

/** Text chunks of about 1 MB, so COPY gets few large writes instead of a write per row. */
function* chunked(lines: Iterable<string>, size = 1 << 20): Generator<string> {
  let buffer = '';
  for (const line of lines) {
    buffer += line;
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer.length > 0) yield buffer;
}

async function copyInto(client: PgClient, table: string, columns: ColumnSpec<never>, lines: Iterable<string>) {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  await pipeline(Readable.from(chunked(lines)), client.query(copyFrom(`copy ${table} (${names}) from stdin`)));
}

/**
 * COPY of customers, then of their properties (which need their customers first). The records are generated while
 * the customers' COPY streams, so this process and the server work at the same time; the properties' lines wait in
 * memory for the second COPY.
 */
async function copyRecords(client: PgClient, records: Iterable<GeneratedRecord>): Promise<number> {
  const propertyLines: string[] = [];
  function* customerLines(): Generator<string> {
    for (const record of records) {
      yield copyLine(CUSTOMER_COLUMNS, record.customer);
      for (const property of record.properties) propertyLines.push(copyLine(PROPERTY_COLUMNS, property));
    }
  }
  await copyInto(client, 'customers', CUSTOMER_COLUMNS, customerLines());
  await copyInto(client, 'properties', PROPERTY_COLUMNS, propertyLines);
  return propertyLines.length;
}

/** One batch in one transaction. */
async function copyBatch(client: PgClient, records: Iterable<GeneratedRecord>): Promise<number> {
  await client.query('begin');
  try {
    // Losing the last batches to a crash only means running the seed again.
    await client.query('set local synchronous_commit = off');
    const written = await copyRecords(client, records);
    await client.query('commit');
    return written;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Records from the generator until about `size` properties. */
function* take(source: Iterator<GeneratedRecord>, size: number): Generator<GeneratedRecord> {
  let properties = 0;
  while (properties < size) {
    const next = source.next();
    if (next.done) return;
    properties += next.value.properties.length;
    yield next.value;
  }
}

export type BulkLoadOptions = {
  properties: number;
  seed?: number;
  /** Properties per COPY (and per transaction when loading on top of existing rows). */
  batchSize?: number;
  onProgress?: (loaded: number, total: number) => void;
  /** Notes on slow steps (index rebuild, vacuum). */
  onStage?: (text: string) => void;
};

/** From this size on, a load into empty tables rebuilds the secondary indexes instead of maintaining them per row. */
const REBUILD_INDEXES_FROM = 50_000;

/** Indexes of customers and properties that no constraint owns (primary keys stay). */
async function secondaryIndexes(client: PgClient): Promise<{ name: string; definition: string }[]> {
  const result = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname in ('customers', 'properties') and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
  );
  return result.rows;
}

/**
 * Loads `properties` generated properties (and their customers) with COPY. Ids are reserved up front by moving the
 * sequences. Vacuums and analyzes at the end.
 *
 * Into empty tables (and for 50,000 rows or more) it runs as ONE transaction that drops the secondary indexes, loads,
 * and re-creates them: building an index once is several times faster than maintaining two dozen indexes row by row,
 * and a failure rolls everything back, indexes included. The tables are locked meanwhile (they were empty). On top of
 * existing rows it commits batch by batch with the indexes in place, so the app may keep running.
 */
export async function bulkLoadCustomers(pool: pg.Pool, db: Database, options: BulkLoadOptions): Promise<number> {
  const total = options.properties;
  const batchSize = options.batchSize ?? 25_000;
  const context = await generatorContext(db);
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('begin');
    await client.query('lock table customers, properties in share row exclusive mode');
    const empty = await client.query<{ empty: boolean }>('select not exists (select 1 from properties) as empty');
    const rebuild = Boolean(empty.rows[0]?.empty) && total >= REBUILD_INDEXES_FROM;
    // Reserve the id ranges: at most one customer per property.
    const reserved = await client.query<{ customer: string; property: string }>(
      `select setval(pg_get_serial_sequence('customers', 'id'),
                greatest((select coalesce(max(id), 0) from customers), (select last_value from customers_id_seq)) + $1::int) - $1::int as customer,
              setval(pg_get_serial_sequence('properties', 'id'),
                greatest((select coalesce(max(id), 0) from properties), (select last_value from properties_id_seq)) + $1::int) - $1::int as property`,
      [total],
    );
    const first = reserved.rows[0];
    const generator = createCustomerGenerator({
      seed: options.seed ?? DEMO_SEED,
      ...context,
      firstCustomerId: Number(first?.customer ?? 0) + 1,
      firstPropertyId: Number(first?.property ?? 0) + 1,
    });
    const source = generator.records(total)[Symbol.iterator]();
    let loaded = 0;

    if (rebuild) {
      const indexes = await secondaryIndexes(client);
      for (const index of indexes) await client.query(`drop index ${index.name}`);
      while (loaded < total) {
        const written = await copyRecords(client, take(source, batchSize));
        if (written === 0) break;
        loaded += written;
        options.onProgress?.(loaded, total);
      }
      options.onStage?.(`re-creating ${indexes.length} indexes`);
      await client.query("set local maintenance_work_mem = '256MB'");
      for (const index of indexes) await client.query(index.definition);
      await client.query('commit');
    } else {
      await client.query('commit');
      while (loaded < total) {
        const written = await copyBatch(client, take(source, batchSize));
        if (written === 0) break;
        loaded += written;
        options.onProgress?.(loaded, total);
      }
    }
    // Statistics for the planner, and the visibility map set so index-only scans skip the heap (what autovacuum
    // would do a little later).
    options.onStage?.('vacuum and analyze');
    await client.query('vacuum (analyze) customers, properties, customer_list_counts');
    return loaded;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release(failure);
  }
}
