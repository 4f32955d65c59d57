import { CUSTOMER_STATUS, ORDER_STATUS, type PriceUpdate, type PriceUpdateItem } from '@lawn/shared';
import { and, asc, count, eq, gt, inArray, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import type { ListQuery, ListResult } from '../../http/list-query';
import {
  customers,
  markets,
  ownPrices,
  priceUpdateItems,
  priceUpdateRequests,
  priceUpdates,
  properties,
  propertyPrices,
  users,
} from '../../db/schema';

export type PriceUpdateRow = typeof priceUpdates.$inferSelect;
export type NewPriceUpdate = typeof priceUpdates.$inferInsert;
type NewPriceUpdateItem = typeof priceUpdateItems.$inferInsert;

/** The unique index that lets one update run at a time. */
export const ONE_RUNNING_INDEX = 'price_updates_one_running';

/**
 * The properties a price update covers: live, active customers whose order is approved (the customer list's default),
 * of one market or of all.
 */
export function activeInScope(marketId: number | null): SQL {
  return and(
    isNull(properties.deletedAt),
    eq(properties.status, CUSTOMER_STATUS.active),
    eq(properties.statusOrders, ORDER_STATUS.approved),
    marketId === null ? undefined : eq(properties.marketId, marketId),
  ) as SQL;
}

/** What pricing a property needs: its prices now and what they are computed from. */
const pricingColumns = {
  costService: propertyPrices.costService,
  subtotalMowing: propertyPrices.subtotalMowing,
  calculatedTax: propertyPrices.calculatedTax,
  totalMowing: propertyPrices.totalMowing,
  taxRate: properties.taxRate,
  mowCut: properties.mowCut,
  srvFrequency: properties.srvFrequency,
  lotSize: properties.lotSize,
  useCornerLot: properties.useCornerLot,
};

/** What pricing a property needs, and what the preview and the details show of it. */
export const pricedColumns = {
  id: properties.id,
  accountNumber: properties.accountNumber,
  serviceAddress: properties.serviceAddress,
  customerName: sql<string>`${properties.customerFirstName} || ' ' || ${properties.customerLastName}`,
  ...pricingColumns,
};
export type PricedProperty = {
  id: number;
  accountNumber: string;
  serviceAddress: string;
  customerName: string;
  costService: number;
  subtotalMowing: number;
  calculatedTax: number;
  totalMowing: number;
  taxRate: number;
  mowCut: string[];
  srvFrequency: number;
  lotSize: string | null;
  useCornerLot: boolean;
};

/** The pricing inputs shared by many properties, with how many share them: the preview prices each group once. */
export type PriceGroup = Omit<PricedProperty, 'id' | 'accountNumber' | 'serviceAddress' | 'customerName'> & {
  properties: number;
};

/**
 * The grouping's settings, for its transaction alone. PostgreSQL expects about one group per property (it cannot know
 * that a million properties share a few hundred price combinations): with the default 4 MB it sorts the whole scope on
 * disk first, and it prices passing every row from parallel workers too high to use them. Measured at 1,000,000
 * properties: 2.9 s as planned by default, 2.1 s with the memory, 1.3 s with the workers too (bench/README.md).
 */
const GROUPING_SETTINGS = { work_mem: '64MB', parallel_setup_cost: '0', parallel_tuple_cost: '0.001' };

export async function priceGroups(db: Database, marketId: number | null): Promise<PriceGroup[]> {
  return db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(GROUPING_SETTINGS)) {
      await tx.execute(sql`select set_config(${name}, ${value}, true)`);
    }
    return tx
      .select({ ...pricingColumns, properties: count() })
      .from(properties)
      .innerJoin(propertyPrices, ownPrices)
      .where(activeInScope(marketId))
      .groupBy(...Object.values(pricingColumns));
  });
}

/** The first properties of the scope, in id order: the preview's sample. */
export async function firstInScope(db: Executor, marketId: number | null, limit: number): Promise<PricedProperty[]> {
  return db
    .select(pricedColumns)
    .from(properties)
    .innerJoin(propertyPrices, ownPrices)
    .where(activeInScope(marketId))
    .orderBy(asc(properties.id))
    .limit(limit);
}

/** The account number of a property of the scope whose base price is below `amount` (a decrease would go below 0). */
export async function accountBelow(db: Executor, marketId: number | null, amount: number): Promise<string | null> {
  const [row] = await db
    .select({ accountNumber: properties.accountNumber })
    .from(properties)
    .innerJoin(propertyPrices, ownPrices)
    .where(and(activeInScope(marketId), sql`${propertyPrices.costService} < ${amount}`))
    .orderBy(asc(properties.id))
    .limit(1);
  return row?.accountNumber ?? null;
}

export async function highestPropertyId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: max(properties.id) }).from(properties);
  return row?.id ?? 0;
}

export async function marketExists(db: Executor, marketId: number): Promise<boolean> {
  const [row] = await db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId));
  return row !== undefined;
}

/** The live, active properties holding these account numbers, by account number. */
export async function activeByAccount(db: Executor, accounts: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const CHUNK = 5_000;
  for (let start = 0; start < accounts.length; start += CHUNK) {
    const rows = await db
      .select({ id: properties.id, accountNumber: properties.accountNumber })
      .from(properties)
      .where(and(activeInScope(null), inArray(properties.accountNumber, accounts.slice(start, start + CHUNK))));
    for (const row of rows) found.set(row.accountNumber, row.id);
  }
  return found;
}

export async function insertUpdate(tx: Executor, values: NewPriceUpdate): Promise<PriceUpdateRow> {
  const [row] = await tx.insert(priceUpdates).values(values).returning();
  if (!row) throw new Error('price update not saved');
  return row;
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 2_000;

export async function insertRequests(
  tx: Executor,
  priceUpdateId: number,
  requests: readonly { propertyId: number; price: number }[],
): Promise<void> {
  for (let start = 0; start < requests.length; start += INSERT_BATCH) {
    const batch = requests.slice(start, start + INSERT_BATCH).map((request) => ({ ...request, priceUpdateId }));
    await tx.insert(priceUpdateRequests).values(batch);
  }
}

/** One property's line of an update: its prices before and after, and whether its customer is still to be told. */
export type PriceUpdateItemValues = Required<Omit<NewPriceUpdateItem, 'undo'>>;

/**
 * A batch's items in one statement, each field as one array parameter. Raw SQL: the query builder's multi-row VALUES
 * takes a parameter per field and row (22,000 for a batch), several times slower to build and to parse.
 */
export async function insertItems(tx: Executor, items: readonly PriceUpdateItemValues[]): Promise<void> {
  if (items.length === 0) return;
  const column = (key: keyof PriceUpdateItemValues) => sql.param(items.map((item) => item[key]));
  await tx.execute(sql`
    insert into ${priceUpdateItems} (price_update_id, property_id, old_cost, old_subtotal, old_tax, old_total,
                                     new_cost, new_subtotal, new_tax, new_total, is_notice_pending)
    select * from unnest(
      ${column('priceUpdateId')}::int[], ${column('propertyId')}::int[],
      ${column('oldCost')}::numeric[], ${column('oldSubtotal')}::numeric[], ${column('oldTax')}::numeric[],
      ${column('oldTotal')}::numeric[], ${column('newCost')}::numeric[], ${column('newSubtotal')}::numeric[],
      ${column('newTax')}::numeric[], ${column('newTotal')}::numeric[], ${column('isNoticePending')}::boolean[]
    )`);
}

/** Locks the update's row: its batches take turns on it, so two workers of one run never do a batch twice. */
export async function lockUpdate(tx: Executor, id: number): Promise<PriceUpdateRow | null> {
  const [row] = await tx.select().from(priceUpdates).where(eq(priceUpdates.id, id)).for('update');
  return row ?? null;
}

export async function setUpdate(tx: Executor, id: number, values: Partial<NewPriceUpdate>): Promise<void> {
  await tx.update(priceUpdates).set(values).where(eq(priceUpdates.id, id));
}

/** The next batch of an increase or decrease: the scope's properties after the cursor, locked, in id order. */
export async function nextAmountBatch(tx: Executor, update: PriceUpdateRow, size: number): Promise<PricedProperty[]> {
  return tx
    .select(pricedColumns)
    .from(properties)
    .innerJoin(propertyPrices, ownPrices)
    .where(
      and(
        activeInScope(update.marketId),
        gt(properties.id, update.cursor),
        lte(properties.id, update.lastPropertyId),
        // The same range on the prices' side, so a merge join starts at the cursor there too.
        gt(propertyPrices.propertyId, update.cursor),
      ),
    )
    .orderBy(asc(properties.id))
    .limit(size)
    .for('update', { of: propertyPrices });
}

/** A table of an update's rows, one a property: the lines of its file, or the items it changed. */
type UpdateRowsTable = typeof priceUpdateRequests | typeof priceUpdateItems;

/**
 * The next `size` of the update's rows in `table` after its cursor that `condition` keeps, in property order, their
 * properties locked: the runner resumes from the cursor, so the order is the one the cursor follows.
 */
function lockNextBatch<Query extends PgSelect>(
  query: Query,
  table: UpdateRowsTable,
  update: PriceUpdateRow,
  size: number,
  condition: SQL,
) {
  return query
    .where(and(eq(table.priceUpdateId, update.id), gt(table.propertyId, update.cursor), condition))
    .orderBy(asc(table.propertyId))
    .limit(size)
    .for('update', { of: propertyPrices });
}

/** The next batch of a file: its properties after the cursor that are still live, locked, with their new price. */
export async function nextFileBatch(
  tx: Executor,
  update: PriceUpdateRow,
  size: number,
): Promise<(PricedProperty & { price: number })[]> {
  const query = tx
    .select({ ...pricedColumns, price: priceUpdateRequests.price })
    .from(priceUpdateRequests)
    .innerJoin(properties, eq(properties.id, priceUpdateRequests.propertyId))
    .innerJoin(propertyPrices, ownPrices)
    .$dynamic();
  return lockNextBatch(query, priceUpdateRequests, update, size, isNull(properties.deletedAt));
}

export type UndoCandidate = PricedProperty & {
  deletedAt: Date | null;
  newCost: number;
  newSubtotal: number;
  newTax: number;
  newTotal: number;
  oldCost: number;
  oldSubtotal: number;
  oldTax: number;
  oldTotal: number;
};

/** The next items an undo has not decided on, after its cursor, with their property locked as it is now. */
export async function nextUndoBatch(tx: Executor, update: PriceUpdateRow, size: number): Promise<UndoCandidate[]> {
  const query = tx
    .select({
      ...pricedColumns,
      deletedAt: properties.deletedAt,
      newCost: priceUpdateItems.newCost,
      newSubtotal: priceUpdateItems.newSubtotal,
      newTax: priceUpdateItems.newTax,
      newTotal: priceUpdateItems.newTotal,
      oldCost: priceUpdateItems.oldCost,
      oldSubtotal: priceUpdateItems.oldSubtotal,
      oldTax: priceUpdateItems.oldTax,
      oldTotal: priceUpdateItems.oldTotal,
    })
    .from(priceUpdateItems)
    .innerJoin(properties, eq(properties.id, priceUpdateItems.propertyId))
    .innerJoin(propertyPrices, ownPrices)
    .$dynamic();
  return lockNextBatch(query, priceUpdateItems, update, size, isNull(priceUpdateItems.undo));
}

/** Records what the undo did with each property. Raw SQL: an UPDATE from a list of rows is beyond the query builder. */
export async function markUndone(
  tx: Executor,
  updateId: number,
  outcomes: readonly { propertyId: number; undo: 'restored' | 'skipped' }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.execute(sql`
    update ${priceUpdateItems} as i set undo = o.undo
    from unnest(${sql.param(outcomes.map((o) => o.propertyId))}::int[], ${sql.param(outcomes.map((o) => o.undo))}::text[])
      as o(property_id, undo)
    where i.price_update_id = ${updateId} and i.property_id = o.property_id`);
}

/** An undo tells nobody the price it takes back. */
export async function cancelNotices(tx: Executor, updateId: number): Promise<void> {
  await tx
    .update(priceUpdateItems)
    .set({ isNoticePending: false })
    .where(and(eq(priceUpdateItems.priceUpdateId, updateId), eq(priceUpdateItems.isNoticePending, true)));
}

export type PendingNotice = {
  propertyId: number;
  email: string | null;
  firstName: string;
  serviceAddress: string;
  newTotal: number;
  oldTotal: number;
};

export async function pendingNotices(db: Executor, updateId: number, size: number): Promise<PendingNotice[]> {
  return db
    .select({
      propertyId: priceUpdateItems.propertyId,
      email: customers.email,
      firstName: customers.firstName,
      serviceAddress: properties.serviceAddress,
      newTotal: priceUpdateItems.newTotal,
      oldTotal: priceUpdateItems.oldTotal,
    })
    .from(priceUpdateItems)
    .innerJoin(properties, eq(properties.id, priceUpdateItems.propertyId))
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(eq(priceUpdateItems.priceUpdateId, updateId), eq(priceUpdateItems.isNoticePending, true)))
    .orderBy(asc(priceUpdateItems.propertyId))
    .limit(size);
}

export async function markNoticesSent(db: Executor, updateId: number, propertyIds: readonly number[]): Promise<void> {
  await db
    .update(priceUpdateItems)
    .set({ isNoticePending: false })
    .where(and(eq(priceUpdateItems.priceUpdateId, updateId), inArray(priceUpdateItems.propertyId, [...propertyIds])));
}

/** The updates still running (their worker may have died with the process): re-queued at start-up. */
export async function runningUpdates(db: Executor): Promise<Pick<PriceUpdateRow, 'id' | 'run'>[]> {
  return db
    .select({ id: priceUpdates.id, run: priceUpdates.run })
    .from(priceUpdates)
    .where(eq(priceUpdates.status, 'in_progress'));
}

/** Finished updates whose customers are still to be told their new price. */
export async function updatesWithPendingNotices(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: priceUpdateItems.priceUpdateId })
    .from(priceUpdateItems)
    .where(eq(priceUpdateItems.isNoticePending, true));
  return rows.map((row) => row.id);
}

const requester = alias(users, 'requester');

const listColumns = {
  update: priceUpdates,
  market: markets.name,
  representative: sql<string>`${requester.firstName} || ' ' || ${requester.lastName}`,
};

type ListedUpdateRow = { update: PriceUpdateRow; market: string | null; representative: string };

/** The updates as the list shows them: with their market's name and who asked for them. */
function selectListedUpdates(db: Executor) {
  return db
    .select(listColumns)
    .from(priceUpdates)
    .innerJoin(requester, eq(requester.id, priceUpdates.requestedBy))
    .leftJoin(markets, eq(markets.id, priceUpdates.marketId));
}

function toPriceUpdate({ update: row, market, representative }: ListedUpdateRow): PriceUpdate {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    amount: row.amount,
    type: row.type,
    title: row.title,
    market,
    representative,
    status: row.status,
    run: row.run,
    changed: row.changedCount,
    total: row.total,
    restored: row.restoredCount,
    skipped: row.skippedCount,
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

export async function listUpdates(db: Executor, query: ListQuery): Promise<ListResult<PriceUpdate>> {
  const [counted] = await db.select({ total: count() }).from(priceUpdates).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await selectListedUpdates(db)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toPriceUpdate) };
}

export async function findListedUpdate(db: Executor, id: number): Promise<PriceUpdate | null> {
  const [row] = await selectListedUpdates(db).where(eq(priceUpdates.id, id));
  return row ? toPriceUpdate(row) : null;
}

export async function listItems(
  db: Executor,
  updateId: number,
  query: ListQuery,
): Promise<ListResult<PriceUpdateItem>> {
  const where = and(eq(priceUpdateItems.priceUpdateId, updateId), query.where);
  const [counted] = await db.select({ total: count() }).from(priceUpdateItems).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select({
      propertyId: priceUpdateItems.propertyId,
      accountNumber: properties.accountNumber,
      serviceAddress: properties.serviceAddress,
      customerName: pricedColumns.customerName,
      oldPrice: priceUpdateItems.oldCost,
      newPrice: priceUpdateItems.newCost,
      oldTotal: priceUpdateItems.oldTotal,
      newTotal: priceUpdateItems.newTotal,
      undo: priceUpdateItems.undo,
    })
    .from(priceUpdateItems)
    .innerJoin(properties, eq(properties.id, priceUpdateItems.propertyId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows };
}
