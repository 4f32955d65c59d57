import type { ReferralMarket, ReferralType } from '@lawn/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referralMarkets, referralTypes, type ReferralTypeRow } from '../../db/schema';

/** The columns a referral of either page writes (the other page's stay ''). */
export type ReferralTypeValues = Partial<
  Pick<ReferralTypeRow, 'service' | 'phone' | 'comment' | 'secondChoice' | 'secondPhone' | 'secondComment' | 'website'>
> & { name: string };

/** Where a market or a referral is: which page, and the version it is at. */
export type ReferralRowState = { isResign: boolean; version: number };

const typeColumns = {
  id: referralTypes.id,
  customerReferralId: referralTypes.referralMarketId,
  service: referralTypes.service,
  name: referralTypes.name,
  phone: referralTypes.phone,
  comment: referralTypes.comment,
  secondChoice: referralTypes.secondChoice,
  secondPhone: referralTypes.secondPhone,
  secondComment: referralTypes.secondComment,
  website: referralTypes.website,
  version: referralTypes.version,
};

/** The markets of one page (both pages' when `isResign` is undefined) by name, each with its referrals, oldest first. */
export async function listReferralMarkets(db: Executor, isResign?: boolean): Promise<ReferralMarket[]> {
  const markets = await db
    .select()
    .from(referralMarkets)
    .where(isResign === undefined ? undefined : eq(referralMarkets.isResign, isResign))
    .orderBy(asc(referralMarkets.name), asc(referralMarkets.id));
  const ids = markets.map((market) => market.id);
  const types: ReferralType[] =
    ids.length === 0
      ? []
      : await db
          .select(typeColumns)
          .from(referralTypes)
          .where(inArray(referralTypes.referralMarketId, ids))
          .orderBy(asc(referralTypes.id));
  return markets.map((market) => ({
    id: market.id,
    name: market.name,
    isResign: market.isResign,
    version: market.version,
    createdAt: market.createdAt.toISOString(),
    updatedAt: market.updatedAt.toISOString(),
    types: types.filter((type) => type.customerReferralId === market.id),
  }));
}

export async function findReferralMarket(db: Executor, id: number): Promise<ReferralRowState | null> {
  const [row] = await db
    .select({ isResign: referralMarkets.isResign, version: referralMarkets.version })
    .from(referralMarkets)
    .where(eq(referralMarkets.id, id));
  return row ?? null;
}

export async function insertReferralMarket(
  db: Executor,
  values: { name: string; isResign: boolean },
  userId: number,
): Promise<number> {
  const [row] = await db
    .insert(referralMarkets)
    .values({ ...values, updatedBy: userId })
    .returning({ id: referralMarkets.id });
  if (!row) throw new Error('referral market not inserted');
  return row.id;
}

/** Renames a market of the page that is still at `version`; false when it has changed since, is gone or is not there. */
export async function renameReferralMarket(
  db: Executor,
  where: { id: number; version: number; isResign: boolean },
  name: string,
  userId: number,
): Promise<boolean> {
  const changed = await db
    .update(referralMarkets)
    .set({ name, updatedBy: userId, version: sql`${referralMarkets.version} + 1` })
    .where(
      and(
        eq(referralMarkets.id, where.id),
        eq(referralMarkets.version, where.version),
        eq(referralMarkets.isResign, where.isResign),
      ),
    )
    .returning({ id: referralMarkets.id });
  return changed.length === 1;
}

/** Deletes a market of the page (and its referrals); with a version, only while it is still at that version. */
export async function deleteReferralMarket(
  db: Executor,
  where: { id: number; version?: number; isResign?: boolean },
): Promise<boolean> {
  const deleted = await db
    .delete(referralMarkets)
    .where(
      and(
        eq(referralMarkets.id, where.id),
        where.version === undefined ? undefined : eq(referralMarkets.version, where.version),
        where.isResign === undefined ? undefined : eq(referralMarkets.isResign, where.isResign),
      ),
    )
    .returning({ id: referralMarkets.id });
  return deleted.length === 1;
}

export async function findReferralType(db: Executor, id: number): Promise<ReferralRowState | null> {
  const [row] = await db
    .select({ isResign: referralMarkets.isResign, version: referralTypes.version })
    .from(referralTypes)
    .innerJoin(referralMarkets, eq(referralMarkets.id, referralTypes.referralMarketId))
    .where(eq(referralTypes.id, id));
  return row ?? null;
}

export async function insertReferralType(
  db: Executor,
  marketId: number,
  values: ReferralTypeValues,
  userId: number,
): Promise<number> {
  const [row] = await db
    .insert(referralTypes)
    .values({ ...values, referralMarketId: marketId, updatedBy: userId })
    .returning({ id: referralTypes.id });
  if (!row) throw new Error('referral not inserted');
  return row.id;
}

/** The referrals of one page's markets, as a condition on the referral's market. */
const ofPage = (db: Executor, isResign: boolean) =>
  inArray(
    referralTypes.referralMarketId,
    db.select({ id: referralMarkets.id }).from(referralMarkets).where(eq(referralMarkets.isResign, isResign)),
  );

/** Changes a referral of the page that is still at `version`; false when it has changed since or is gone. */
export async function updateReferralType(
  db: Executor,
  where: { id: number; version: number; isResign: boolean },
  values: ReferralTypeValues,
  userId: number,
): Promise<boolean> {
  const changed = await db
    .update(referralTypes)
    .set({ ...values, updatedBy: userId, version: sql`${referralTypes.version} + 1` })
    .where(and(eq(referralTypes.id, where.id), eq(referralTypes.version, where.version), ofPage(db, where.isResign)))
    .returning({ id: referralTypes.id });
  return changed.length === 1;
}

/** Deletes a referral; with a version and page, only while it is still at that version on that page. */
export async function deleteReferralType(
  db: Executor,
  where: { id: number; version?: number; isResign?: boolean },
): Promise<boolean> {
  const deleted = await db
    .delete(referralTypes)
    .where(
      and(
        eq(referralTypes.id, where.id),
        where.version === undefined ? undefined : eq(referralTypes.version, where.version),
        where.isResign === undefined ? undefined : ofPage(db, where.isResign),
      ),
    )
    .returning({ id: referralTypes.id });
  return deleted.length === 1;
}

export async function findReferralTypeById(db: Executor, id: number): Promise<ReferralType | null> {
  const [row] = await db.select(typeColumns).from(referralTypes).where(eq(referralTypes.id, id));
  return row ?? null;
}
