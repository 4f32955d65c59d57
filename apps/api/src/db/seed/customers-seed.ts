import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Executor } from '../client';
import { withPgClient } from '../pg-client';
import { markets, users } from '../schema';
import {
  COPY_CUSTOMERS,
  COPY_PROPERTIES,
  COPY_PROPERTY_PRICES,
  recordsCopyText,
  type ListCopyNames,
  type RecordsCopyText,
} from './copy-text';
import { createCustomerGenerator, type GeneratorMarket } from './customers-generator';
import { generateSlices, planSlices, workersFor } from './generated-slices';

export const DEMO_PROPERTY_COUNT = 5000;
export const DEMO_SEED = 20_260_301;
const STAFF_ROLES = ['Admin', 'Manager', 'Representative', 'customer-service'] as const;

type GeneratorContext = { markets: GeneratorMarket[]; staffIds: number[]; names: ListCopyNames };

async function generatorContext(db: Executor): Promise<GeneratorContext> {
  const marketRows = await db
    .select({ id: markets.id, name: markets.name, taxRate: markets.taxRate })
    .from(markets)
    .orderBy(markets.id);
  const staff = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(users.id);
  return {
    markets: marketRows,
    staffIds: staff.map((row) => row.id),
    names: {
      markets: new Map(marketRows.map((market) => [market.id, market.name])),
      users: new Map(staff.map((row) => [row.id, row.name])),
    },
  };
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
      await client.query('lock table customers, properties, property_prices in share row exclusive mode');
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
      await copySlice(client, recordsCopyText(generator.records(count), context.names));
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
    await client.query('analyze property_prices');
    return count;
  });
}

// ---- bulk load through COPY -------------------------------------------------------------------------------------

type PgClient = pg.PoolClient | pg.Client;

/** The text in pieces of about 1 MB, so COPY gets few large writes. */
function* pieces(text: string, size = 1 << 20): Generator<string> {
  for (let start = 0; start < text.length; start += size) yield text.slice(start, start + size);
}

/** COPY of the customers, then of their properties (which need their customers first), then of their prices. */
async function copySlice(client: PgClient, text: RecordsCopyText): Promise<void> {
  await pipeline(Readable.from(pieces(text.customers)), client.query(copyFrom(COPY_CUSTOMERS)));
  await pipeline(Readable.from(pieces(text.properties)), client.query(copyFrom(COPY_PROPERTIES)));
  await pipeline(Readable.from(pieces(text.prices)), client.query(copyFrom(COPY_PROPERTY_PRICES)));
}

/** One slice in one transaction. */
async function copySliceCommitted(client: PgClient, text: RecordsCopyText): Promise<void> {
  await client.query('begin');
  try {
    // Losing the last slices to a crash only means running the seed again.
    await client.query('set local synchronous_commit = off');
    await copySlice(client, text);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

export type BulkLoadOptions = {
  properties: number;
  seed?: number;
  /**
   * Properties per slice (default 25,000): per COPY, and per transaction when loading on top of existing rows. Each
   * slice has its own random stream, so the rows depend on the seed and this size.
   */
  batchSize?: number;
  onProgress?: (loaded: number, total: number) => void;
  /** Notes on slow steps (index rebuild, vacuum). */
  onStage?: (text: string) => void;
  /** From this many properties on, a load into empty tables rebuilds indexes and keys at the end (default 50,000). */
  rebuildFrom?: number;
};

/** From this size on, a load into empty tables rebuilds the secondary indexes instead of maintaining them per row. */
const REBUILD_INDEXES_FROM = 50_000;

/** Indexes of customers, properties and their prices that no constraint owns (primary keys stay). */
async function secondaryIndexes(client: PgClient): Promise<{ name: string; definition: string }[]> {
  const result = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname in ('customers', 'properties', 'property_prices') and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
  );
  return result.rows;
}

/** Foreign keys from customers, properties and their prices to other tables (`alter table ... add constraint` re-creates them). */
async function outgoingForeignKeys(client: PgClient): Promise<{ table: string; name: string; definition: string }[]> {
  const result = await client.query<{ table: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as "table", quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relname in ('customers', 'properties', 'property_prices') and t.relnamespace = 'public'::regnamespace
      order by 1, 2`,
  );
  return result.rows;
}

/**
 * Loads into empty tables with the per-row work moved to set-based work: the secondary indexes are dropped and built
 * once at the end, the foreign keys dropped and validated once at the end (one join each instead of a look-up per row),
 * and the list copies written by the loader instead of the trigger. All in the caller's transaction, so a failure
 * restores every index, key and trigger.
 */
async function loadIntoEmptyTables(client: PgClient, load: () => Promise<void>, onStage?: (text: string) => void) {
  const indexes = await secondaryIndexes(client);
  const foreignKeys = await outgoingForeignKeys(client);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const key of foreignKeys) await client.query(`alter table ${key.table} drop constraint ${key.name}`);
  await client.query('alter table properties disable trigger properties_copy_lookups');
  await load();
  await client.query('alter table properties enable trigger properties_copy_lookups');
  onStage?.(`checking ${foreignKeys.length} foreign keys`);
  for (const key of foreignKeys) {
    await client.query(`alter table ${key.table} add constraint ${key.name} ${key.definition}`);
  }
  onStage?.(`re-creating ${indexes.length} indexes`);
  // Each index is one sort of the table; in memory, and with the parallel workers the server allows, it is several
  // times faster than spilling to disk in one process.
  await client.query("set local maintenance_work_mem = '512MB'");
  await client.query('set local max_parallel_maintenance_workers = 4');
  for (const index of indexes) await client.query(index.definition);
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
    await client.query('lock table customers, properties, property_prices in share row exclusive mode');
    const empty = await client.query<{ empty: boolean }>('select not exists (select 1 from properties) as empty');
    const rebuild = Boolean(empty.rows[0]?.empty) && total >= (options.rebuildFrom ?? REBUILD_INDEXES_FROM);
    // Reserve the id ranges: at most one customer per property.
    const reserved = await client.query<{ customer: string; property: string }>(
      `select setval(pg_get_serial_sequence('customers', 'id'),
                greatest((select coalesce(max(id), 0) from customers), (select last_value from customers_id_seq)) + $1::int) - $1::int as customer,
              setval(pg_get_serial_sequence('properties', 'id'),
                greatest((select coalesce(max(id), 0) from properties), (select last_value from properties_id_seq)) + $1::int) - $1::int as property`,
      [total],
    );
    const first = reserved.rows[0];
    const slices = planSlices({
      seed: options.seed ?? DEMO_SEED,
      markets: context.markets,
      staffIds: context.staffIds,
      names: context.names,
      today: new Date(),
      firstCustomerId: Number(first?.customer ?? 0) + 1,
      firstPropertyId: Number(first?.property ?? 0) + 1,
      properties: total,
      sliceSize: batchSize,
    });
    let loaded = 0;
    const loadSlices = async (copy: (text: RecordsCopyText) => Promise<void>) => {
      for await (const text of generateSlices(slices, workersFor(total, slices.length))) {
        await copy(text);
        loaded += text.propertyCount;
        options.onProgress?.(loaded, total);
      }
    };

    if (rebuild) {
      await loadIntoEmptyTables(client, () => loadSlices((text) => copySlice(client, text)), options.onStage);
      await client.query('commit');
    } else {
      await client.query('commit');
      await loadSlices((text) => copySliceCommitted(client, text));
    }
    // Statistics for the planner, and the visibility map set so index-only scans skip the heap (what autovacuum
    // would do a little later).
    options.onStage?.('vacuum and analyze');
    await client.query('vacuum (analyze) customers, properties, property_prices, customer_list_counts');
    return loaded;
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release(failure);
  }
}
