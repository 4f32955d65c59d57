import type { LotSizeOption, PriceChangeField } from '@lawn/shared';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lotSizeTiers, priceChanges, priceTables, users } from '../../db/schema';
import type { ListQuery } from '../../http/list-query';
import type { TierValues } from './price-table-diff';

/** A price table's identity: null marketId is the default table. */
export type PriceTableRow = { id: number; marketId: number | null; version: number };

const tableFields = { id: priceTables.id, marketId: priceTables.marketId, version: priceTables.version };

const marketIs = (marketId: number | null) =>
  marketId === null ? isNull(priceTables.marketId) : eq(priceTables.marketId, marketId);

/** The table a market prices with: its own when it has one, else the default table. */
export async function findEffectiveTable(db: Executor, marketId: number | null): Promise<PriceTableRow | undefined> {
  const [row] = await db
    .select(tableFields)
    .from(priceTables)
    .where(
      marketId === null
        ? isNull(priceTables.marketId)
        : or(eq(priceTables.marketId, marketId), isNull(priceTables.marketId)),
    )
    // A market's own table sorts before the default one (nulls last).
    .orderBy(sql`${priceTables.marketId} asc nulls last`)
    .limit(1);
  return row;
}

/** The table of exactly this market (or the default table for null), locked until the transaction ends. */
export async function lockTable(tx: Executor, marketId: number | null): Promise<PriceTableRow | undefined> {
  const [row] = await tx.select(tableFields).from(priceTables).where(marketIs(marketId)).for('update');
  return row;
}

export async function insertTable(tx: Executor, marketId: number, userId: number): Promise<PriceTableRow> {
  const [row] = await tx.insert(priceTables).values({ marketId, updatedBy: userId }).returning(tableFields);
  if (!row) throw new Error('price table not inserted');
  return row;
}

/** Gives the table a new version (the next of the shared sequence) and records who changed it. */
export async function touchTable(tx: Executor, tableId: number, userId: number): Promise<void> {
  await tx
    .update(priceTables)
    .set({ version: sql`nextval('price_table_versions')`, updatedBy: userId })
    .where(eq(priceTables.id, tableId));
}

const tierFields = {
  id: lotSizeTiers.id,
  name: lotSizeTiers.name,
  turfSizeStart: lotSizeTiers.turfSizeStart,
  turfSizeEnd: lotSizeTiers.turfSizeEnd,
  lotSizeEnd: lotSizeTiers.lotSizeEnd,
  f1: lotSizeTiers.priceF1,
  f2: lotSizeTiers.priceF2,
  f3: lotSizeTiers.priceF3,
  f4: lotSizeTiers.priceF4,
};

type TierRow = { id: number; name: string; turfSizeStart: number; turfSizeEnd: number; lotSizeEnd: number } & Record<
  'f1' | 'f2' | 'f3' | 'f4',
  number
>;

const toOption = ({ f1, f2, f3, f4, ...tier }: TierRow): LotSizeOption => ({
  ...tier,
  serviceFrequency: { f1, f2, f3, f4 },
});

/** The tiers of a table in their order (smallest lot first). */
export async function listTiers(db: Executor, tableId: number): Promise<LotSizeOption[]> {
  const rows = await db
    .select(tierFields)
    .from(lotSizeTiers)
    .where(eq(lotSizeTiers.priceTableId, tableId))
    .orderBy(asc(lotSizeTiers.position), asc(lotSizeTiers.id));
  return rows.map(toOption);
}

export async function findTier(db: Executor, id: number): Promise<LotSizeOption | undefined> {
  const [row] = await db.select(tierFields).from(lotSizeTiers).where(eq(lotSizeTiers.id, id));
  return row && toOption(row);
}

const columnsOf = ({ serviceFrequency, position, ...tier }: TierValues) => ({
  ...tier,
  position,
  priceF1: serviceFrequency.f1,
  priceF2: serviceFrequency.f2,
  priceF3: serviceFrequency.f3,
  priceF4: serviceFrequency.f4,
});

export async function insertTiers(tx: Executor, tableId: number, tiers: readonly TierValues[]): Promise<void> {
  if (tiers.length === 0) return;
  await tx.insert(lotSizeTiers).values(tiers.map((tier) => ({ priceTableId: tableId, ...columnsOf(tier) })));
}

export async function updateTier(tx: Executor, id: number, tier: TierValues): Promise<void> {
  await tx.update(lotSizeTiers).set(columnsOf(tier)).where(eq(lotSizeTiers.id, id));
}

export async function deleteTiers(tx: Executor, tableId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(lotSizeTiers).where(and(eq(lotSizeTiers.priceTableId, tableId), inArray(lotSizeTiers.id, ids)));
}

export type PriceChangeValues = {
  marketId: number | null;
  lotSize: string;
  field: PriceChangeField;
  fromValue: string | null;
  toValue: string | null;
  userId: number;
};

export async function insertChanges(tx: Executor, changes: readonly PriceChangeValues[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(priceChanges).values([...changes]);
}

const changeFields = {
  id: priceChanges.id,
  marketId: priceChanges.marketId,
  lotSize: priceChanges.lotSize,
  field: priceChanges.field,
  from: priceChanges.fromValue,
  to: priceChanges.toValue,
  createdAt: priceChanges.createdAt,
  userId: users.id,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

export async function listChanges(db: Executor, query: ListQuery) {
  const [counted] = await db.select({ total: count() }).from(priceChanges).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count' as const, total };
  const rows = await db
    .select(changeFields)
    .from(priceChanges)
    .leftJoin(users, eq(users.id, priceChanges.userId))
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate' as const, total, rows };
}
