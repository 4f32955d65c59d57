import { weekRange, type CustomerDetail, type CustomerListRow } from '@lawn/shared';
import { and, between, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  customerHistory,
  customerListCounts,
  customerListWeekCounts,
  customers,
  liveCustomerWithEmail,
  markets,
  properties,
  ownPrices,
  propertyPrices,
  splitPrices,
  users,
  type PropertyPriceValues,
} from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';
import {
  activeFilters,
  byPropertyId,
  COUNT_TABLE_FILTERS,
  WEEK_COUNT_TABLE_FILTERS,
  type CustomerInclude,
  type CustomerListQuery,
} from './customers.list';
import { detailFields, listFields, toDetail, toListRow } from './customers.rows';

const liveProperty = isNull(properties.deletedAt);
const liveCustomer = isNull(customers.deletedAt);

/**
 * The list's select: live properties only; everything a row shows is on the property (ADR 0004) but its prices, read
 * from its prices' row by the property's id (ADR 0058).
 */
export function selectListRows(db: Executor, fields: SelectedFields, where: SQL | undefined) {
  return db.select(fields).from(properties).innerJoin(propertyPrices, ownPrices).where(and(liveProperty, where));
}

/**
 * The query counting the live properties that match. Filters only on market, status, order status and cellphone are
 * answered from the trigger-maintained count table (a few dozen rows) instead of counting up to a million rows (ADR
 * 0004); market, status and order status with one service week from the week count table (ADR 0044).
 */
export function countQuery(db: Executor, query: CustomerListQuery) {
  const active = activeFilters(query);
  const values = (name: string) => (query.filters[name] ?? []) as number[];
  const keyConditions = (table: typeof customerListCounts | typeof customerListWeekCounts) => [
    values('statusOrders').length > 0 ? inArray(table.statusOrders, values('statusOrders')) : undefined,
    values('status').length > 0 ? inArray(table.status, values('status')) : undefined,
    values('market').length > 0 ? inArray(table.marketId, values('market')) : undefined,
  ];
  if (active.every((name) => COUNT_TABLE_FILTERS.has(name))) {
    const cellphone = query.filters['isCellphone'] ?? [];
    return db
      .select({ total: sql<number>`coalesce(sum(${customerListCounts.total}), 0)::int` })
      .from(customerListCounts)
      .where(
        and(
          ...keyConditions(customerListCounts),
          cellphone.length > 0 ? inArray(customerListCounts.isCellphone, cellphone as boolean[]) : undefined,
        ),
      );
  }
  // One week (with its year) and the same key filters: the week count table (ADR 0044). Two weeks would count a
  // property serviced in both twice, so they count the rows.
  const [week, ...otherWeeks] = values('week');
  const [year] = values('year');
  if (
    week !== undefined &&
    year !== undefined &&
    otherWeeks.length === 0 &&
    active.every((name) => WEEK_COUNT_TABLE_FILTERS.has(name))
  ) {
    return db
      .select({ total: sql<number>`coalesce(sum(${customerListWeekCounts.total}), 0)::int` })
      .from(customerListWeekCounts)
      .where(
        and(
          eq(customerListWeekCounts.year, year),
          eq(customerListWeekCounts.weekStart, weekRange(year, week).start),
          ...keyConditions(customerListWeekCounts),
        ),
      );
  }
  return db.select({ total: count() }).from(properties).where(and(liveProperty, query.where));
}

export async function countListRows(db: Executor, query: CustomerListQuery): Promise<number> {
  const [row] = await countQuery(db, query);
  return Number(row?.total ?? 0);
}

/** The query of one page of the list. */
export function pageQuery(db: Executor, query: CustomerListQuery) {
  return selectListRows(db, listFields(query.includes), query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
}

export async function listCustomers(
  db: Executor,
  query: ListQuery<CustomerInclude>,
): Promise<ListResult<CustomerListRow>> {
  if (query.render === 'count') return { render: 'count', total: await countListRows(db, query) };
  // The count and the page are independent: run them side by side on two connections.
  const [total, rows] = await Promise.all([countListRows(db, query), pageQuery(db, query)]);
  return { render: 'paginate', total, rows: rows.map((row) => toListRow(row, query.includes)) };
}

export async function findCustomerDetail(db: Executor, id: number): Promise<CustomerDetail | null> {
  const [row] = await db
    .select(detailFields())
    .from(properties)
    .innerJoin(propertyPrices, ownPrices)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(byPropertyId(id), liveCustomer));
  return row ? toDetail(row) : null;
}

/** A live record's account, customer name and order status. */
export async function findRecordSummary(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: properties.id,
      accountNumber: properties.accountNumber,
      customerName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
      statusOrders: properties.statusOrders,
    })
    .from(properties)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(byPropertyId(id), liveCustomer));
  return row ?? null;
}

/** A live property's service address and zip, read without a lock (to look the address up before an update). */
export async function findServiceAddress(db: Executor, id: number) {
  const [row] = await db
    .select({ serviceAddress: properties.serviceAddress, zipcode: properties.zipcode })
    .from(properties)
    .where(byPropertyId(id));
  return row ?? null;
}

/**
 * The editable state of a live property (with its prices) and its customer, locked for the rest of the transaction:
 * the property's row, its prices' row and the customer's row.
 */
export async function lockCustomerRecord(db: Executor, id: number) {
  const [row] = await db
    .select({ property: properties, prices: propertyPrices, customer: customers })
    .from(properties)
    .innerJoin(propertyPrices, ownPrices)
    .innerJoin(customers, eq(customers.id, properties.customerId))
    .where(and(byPropertyId(id), liveCustomer))
    .for('update');
  if (!row) return null;
  const { propertyId: _, ...prices } = row.prices;
  return { property: { ...row.property, ...prices }, customer: row.customer };
}

/** New values of a property's fields, its prices among them. */
export type PropertyChanges = Partial<typeof properties.$inferInsert & PropertyPriceValues>;

async function updatePrices(db: Executor, id: number, prices: Partial<PropertyPriceValues>): Promise<void> {
  if (Object.keys(prices).length === 0) return;
  await db.update(propertyPrices).set(prices).where(eq(propertyPrices.propertyId, id));
}

export type CustomerChanges = Partial<typeof customers.$inferInsert>;

export async function updateProperty(db: Executor, id: number, changes: PropertyChanges): Promise<void> {
  const { row, prices } = splitPrices(changes);
  if (Object.keys(row).length > 0) await db.update(properties).set(row).where(eq(properties.id, id));
  await updatePrices(db, id, prices);
}

/**
 * An edit moves the record to its next version; only a person's edit changes who edited it last. The edit's own new
 * values (`changes`) go in the same statement: one new row version, one round of index updates.
 */
export async function markEdited(
  db: Executor,
  id: number,
  userId: number | null,
  editedAt: Date,
  changes: PropertyChanges = {},
): Promise<void> {
  const editor = userId === null ? {} : { lastEditedBy: userId, lastEditedAt: editedAt };
  const { row, prices } = splitPrices(changes);
  await db
    .update(properties)
    .set({ ...row, ...editor, version: sql`${properties.version} + 1` })
    .where(eq(properties.id, id));
  await updatePrices(db, id, prices);
}

/** Someone wrote a call note on the record: the list's "Call notes" column names them. */
export async function markNoted(db: Executor, id: number, userId: number, notedAt: Date): Promise<void> {
  await db.update(properties).set({ lastNoteBy: userId, lastNoteAt: notedAt }).where(eq(properties.id, id));
}

export async function updateCustomer(db: Executor, id: number, changes: CustomerChanges): Promise<void> {
  await db.update(customers).set(changes).where(eq(customers.id, id));
}

/** Whether another live customer already uses this e-mail address (any case). */
export async function isEmailUsedByOther(db: Executor, email: string, exceptCustomerId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        liveCustomerWithEmail(email),
        exceptCustomerId === undefined ? undefined : ne(customers.id, exceptCustomerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findCustomerIdOfProperty(db: Executor, propertyId: number): Promise<number | null> {
  const [row] = await db.select({ customerId: properties.customerId }).from(properties).where(byPropertyId(propertyId));
  return row?.customerId ?? null;
}

/** Account numbers are never reused, so a soft-deleted property still holds its number (without an id to open). */
export async function findAccount(db: Executor, account: string) {
  const [row] = await db
    .select({ id: properties.id, deletedAt: properties.deletedAt })
    .from(properties)
    .where(eq(properties.accountNumber, account));
  return row ?? null;
}

export async function findMarket(db: Executor, id: number) {
  const [row] = await db
    .select({ id: markets.id, name: markets.name, taxRate: markets.taxRate })
    .from(markets)
    .where(eq(markets.id, id));
  return row ?? null;
}

/** Users' "first last" names by id, for the history's words. */
export async function findUserNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

export async function countLivePropertiesOfCustomer(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(properties)
    .where(and(eq(properties.customerId, customerId), liveProperty));
  return row?.total ?? 0;
}

export type NewHistoryEntry = typeof customerHistory.$inferInsert;

export async function insertHistory(db: Executor, entry: NewHistoryEntry): Promise<void> {
  await db.insert(customerHistory).values(entry);
}

/** A history entry written with many others: every field given. */
export type HistoryEntryOfMany = {
  propertyId: number;
  userId: number | null;
  action: string;
  description: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  createdAt: Date;
};

/**
 * Many history entries in one statement, each field as one array parameter (a bulk price change writes 2,000 at a
 * time). Raw SQL: the query builder's multi-row VALUES takes a parameter per field and row, several times slower to
 * build and to parse.
 */
export async function insertHistories(db: Executor, entries: readonly HistoryEntryOfMany[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <K extends keyof HistoryEntryOfMany>(key: K, map: (value: HistoryEntryOfMany[K]) => unknown) =>
    sql.param(entries.map((entry) => map(entry[key])));
  const same = <T>(value: T) => value;
  await db.execute(sql`
    insert into ${customerHistory} (property_id, user_id, action, description, changes, created_at)
    select property_id, user_id, action, description, changes::jsonb, created_at
    from unnest(
      ${column('propertyId', same)}::int[], ${column('userId', same)}::int[], ${column('action', same)}::text[],
      ${column('description', same)}::text[], ${column('changes', (changes) => JSON.stringify(changes))}::text[],
      ${column('createdAt', (at) => at.toISOString())}::timestamptz[]
    ) as v(property_id, user_id, action, description, changes, created_at)`);
}

export const historyFields = {
  id: customerHistory.id,
  action: customerHistory.action,
  description: customerHistory.description,
  changes: customerHistory.changes,
  createdAt: customerHistory.createdAt,
  userId: users.id,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

/**
 * The full name of who last changed `key` on the property, from its history: null when nobody did through the history
 * or the change was the product's own (no user). The jsonb key test (`?`) is raw SQL: the query builder has no word for
 * it.
 */
export async function findLastEditorOfField(db: Executor, propertyId: number, key: string): Promise<string | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(customerHistory)
    .leftJoin(users, eq(users.id, customerHistory.userId))
    .where(and(eq(customerHistory.propertyId, propertyId), sql`${customerHistory.changes} ? ${key}`))
    .orderBy(desc(customerHistory.createdAt), desc(customerHistory.id))
    .limit(1);
  return row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null;
}

/** A span of time, both ends included. */
export type InstantRange = { from: Date; to: Date };

export async function listHistory(db: Executor, propertyId: number, query: ListQuery, range: InstantRange | null) {
  const where = and(
    eq(customerHistory.propertyId, propertyId),
    query.where,
    range ? between(customerHistory.createdAt, range.from, range.to) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(customerHistory).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows = await db
    .select(historyFields)
    .from(customerHistory)
    .leftJoin(users, eq(users.id, customerHistory.userId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}
