import { PRICE_UPDATE_JOB_TYPE, PRICE_UPDATE_STATUSES, PRICE_UPDATES_PAGE_SIZE } from '@lawn/shared';
import { z } from 'zod';
import { priceUpdateItems, priceUpdates } from '../../db/schema';
import { equalsFilter, filter, type ListDefinition } from '../../http/list-query';

const statusFilter = equalsFilter(
  priceUpdates.status,
  z.enum(PRICE_UPDATE_STATUSES),
  'in_progress, completed or failed',
);

/** GET /api/price-updates: the updates, newest first, 10 a page. */
export const priceUpdatesList: ListDefinition = {
  filters: { status: statusFilter },
  sorts: { id: priceUpdates.id, createdAt: priceUpdates.createdAt },
  defaultSort: '-createdAt',
  defaultLimit: PRICE_UPDATES_PAGE_SIZE,
  tiebreak: priceUpdates.id,
};

/**
 * GET /api/price-updates/jobs: the background runs of the bulk price updates, as the page asks whether one is running
 * (render=count&filter[status]=in_progress&filter[type]=update-bulk-prices). Every row is of that one type.
 */
export const priceUpdateJobsList: ListDefinition = {
  filters: {
    status: statusFilter,
    type: filter(z.literal(PRICE_UPDATE_JOB_TYPE), () => undefined, { description: PRICE_UPDATE_JOB_TYPE }),
  },
  sorts: { id: priceUpdates.id },
  defaultSort: '-id',
  defaultLimit: PRICE_UPDATES_PAGE_SIZE,
  tiebreak: priceUpdates.id,
};

/** GET /api/price-updates/{id}/items: every property the update changed, with its old and new price, 50 a page. */
export const priceUpdateItemsList: ListDefinition = {
  filters: {
    undo: equalsFilter(priceUpdateItems.undo, z.enum(['restored', 'skipped']), 'What an undo did: restored or skipped'),
  },
  sorts: { propertyId: priceUpdateItems.propertyId },
  defaultSort: 'propertyId',
  defaultLimit: 50,
  tiebreak: priceUpdateItems.propertyId,
};
