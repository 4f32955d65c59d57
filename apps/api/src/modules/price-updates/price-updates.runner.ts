import { PRICE_UPDATE_TYPE_LABELS } from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { rewritePropertyPrices, type PriceRewrite } from '../customers/customers.service';
import { priceNoticeMail } from './price-notice';
import { movedCost, pricesOf, repriced, samePrices } from './price-updates.pricing';
import * as repo from './price-updates.repo';

/**
 * Properties per batch: each batch is one transaction (locked rows, one write of their prices, their history, the
 * update's items and its cursor), so memory stays that of one batch whatever the size of the business.
 */
export const PRICE_UPDATE_BATCH = 2_000;
const NOTICE_BATCH = 200;

export type PriceUpdateRunDeps = {
  db: Database;
  log: Pick<Logger, 'info' | 'error'>;
  mailer?: Pick<Mailer, 'send'>;
  clock?: () => Date;
  batchSize?: number;
  /** Told after each committed batch how many properties the run has done (a benchmark's progress). */
  afterBatch?: (done: number) => void;
};

const money = (value: number) => `$${value.toFixed(2)}`;

function describe(update: repo.PriceUpdateRow): string {
  if (update.type === 'file') return `Price set by the file "${update.title ?? ''}" (bulk price update ${update.id})`;
  const words = update.type === 'increase' ? 'increased' : 'lowered';
  return `Price ${words} by ${money(update.amount ?? 0)} (bulk price update ${update.id})`;
}

/** One batch of the update itself; false once nothing is left. */
async function applyBatch(tx: Executor, update: repo.PriceUpdateRow, size: number, at: Date): Promise<boolean> {
  const batch =
    update.type === 'file'
      ? await repo.nextFileBatch(tx, update, size)
      : (await repo.nextAmountBatch(tx, update, size)).map((property) => ({
          ...property,
          price: movedCost(property.costService, update.type, update.amount ?? 0),
        }));
  if (batch.length === 0) return false;
  const rewrites: PriceRewrite[] = [];
  const items: repo.PriceUpdateItemValues[] = [];
  for (const property of batch) {
    const before = pricesOf(property);
    const after = repriced(property, Math.max(0, property.price));
    if (samePrices(before, after)) continue;
    rewrites.push({ before, after: { id: property.id, ...after } });
    items.push({
      priceUpdateId: update.id,
      propertyId: property.id,
      oldCost: before.costService,
      oldSubtotal: before.subtotalMowing,
      oldTax: before.calculatedTax,
      oldTotal: before.totalMowing,
      newCost: after.costService,
      newSubtotal: after.subtotalMowing,
      newTax: after.calculatedTax,
      newTotal: after.totalMowing,
      isNoticePending: update.sendsNotices,
    });
  }
  await rewritePropertyPrices(tx, {
    rewrites,
    actor: { id: update.requestedBy },
    at,
    action: 'price-update',
    description: describe(update),
  });
  await repo.insertItems(tx, items);
  const last = batch[batch.length - 1];
  await repo.setUpdate(tx, update.id, {
    cursor: last?.id ?? update.cursor,
    changedCount: update.changedCount + items.length,
  });
  return true;
}

/**
 * One batch of an undo: each property whose prices are still the ones the update gave gets its old prices back; one
 * whose price someone changed since (or that was deleted) keeps it and is listed as skipped. False once done.
 */
async function undoBatch(tx: Executor, update: repo.PriceUpdateRow, size: number, at: Date): Promise<boolean> {
  const batch = await repo.nextUndoBatch(tx, update, size);
  if (batch.length === 0) return false;
  const rewrites: PriceRewrite[] = [];
  const outcomes: { propertyId: number; undo: 'restored' | 'skipped' }[] = [];
  for (const item of batch) {
    const given = {
      costService: item.newCost,
      subtotalMowing: item.newSubtotal,
      calculatedTax: item.newTax,
      totalMowing: item.newTotal,
    };
    const isUnchanged = item.deletedAt === null && samePrices(pricesOf(item), given);
    outcomes.push({ propertyId: item.id, undo: isUnchanged ? 'restored' : 'skipped' });
    if (!isUnchanged) continue;
    rewrites.push({
      before: given,
      after: {
        id: item.id,
        costService: item.oldCost,
        subtotalMowing: item.oldSubtotal,
        calculatedTax: item.oldTax,
        totalMowing: item.oldTotal,
      },
    });
  }
  await rewritePropertyPrices(tx, {
    rewrites,
    actor: { id: update.undoneBy ?? update.requestedBy },
    at,
    action: 'price-update-undo',
    description: `Undo of bulk price update ${update.id} (${PRICE_UPDATE_TYPE_LABELS[update.type].toLowerCase()})`,
  });
  await repo.markUndone(tx, update.id, outcomes);
  const restored = rewrites.length;
  await repo.setUpdate(tx, update.id, {
    cursor: batch[batch.length - 1]?.id ?? update.cursor,
    restoredCount: update.restoredCount + restored,
    skippedCount: update.skippedCount + outcomes.length - restored,
  });
  return true;
}

/** Tells each customer whose price changed their new price, in batches; resumable (each sent notice is marked). */
async function sendNotices(deps: PriceUpdateRunDeps, updateId: number): Promise<void> {
  const { mailer } = deps;
  if (!mailer) return;
  for (;;) {
    const notices = await repo.pendingNotices(deps.db, updateId, NOTICE_BATCH);
    if (notices.length === 0) return;
    for (const notice of notices) {
      if (notice.email) await mailer.send(priceNoticeMail({ ...notice, email: notice.email }));
    }
    await repo.markNoticesSent(
      deps.db,
      updateId,
      notices.map((notice) => notice.propertyId),
    );
  }
}

/**
 * Runs a price update (or its undo) to its end, batch after batch. Each batch locks the update's row first and reads
 * its cursor, so a restarted run (a killed process, a retry) goes on after the last committed batch and two workers of
 * the same run take turns: no property is priced twice. A run that is not in progress any more does nothing.
 */
export async function runPriceUpdate(
  deps: PriceUpdateRunDeps,
  updateId: number,
  options: { isLastAttempt: boolean } = { isLastAttempt: true },
): Promise<void> {
  const { db, clock = () => new Date() } = deps;
  const size = deps.batchSize ?? PRICE_UPDATE_BATCH;
  let done = 0;
  try {
    for (;;) {
      const isMore = await db.transaction(async (tx) => {
        const update = await repo.lockUpdate(tx, updateId);
        if (update?.status !== 'in_progress') return false;
        const at = clock();
        const did =
          update.run === 'apply' ? await applyBatch(tx, update, size, at) : await undoBatch(tx, update, size, at);
        if (did) return true;
        await repo.setUpdate(
          tx,
          updateId,
          update.run === 'apply' ? { status: 'completed', completedAt: at } : { status: 'completed', undoneAt: at },
        );
        deps.log.info({ priceUpdateId: updateId, run: update.run }, 'price update finished');
        return false;
      });
      if (!isMore) break;
      done += size;
      deps.afterBatch?.(done);
    }
  } catch (error) {
    if (options.isLastAttempt) {
      await repo.setUpdate(db, updateId, { status: 'failed', failureReason: String(error).slice(0, 500) });
    }
    throw error;
  }
  await sendNotices(deps, updateId);
}
