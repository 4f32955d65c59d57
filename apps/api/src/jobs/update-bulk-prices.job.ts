import { z } from 'zod';
import { runPriceUpdate } from '../modules/price-updates/price-updates.service';
import { defineJob, isLastAttempt } from './job';

/**
 * Runs a bulk price update or its undo (one `price_updates` row) in batches. A retry or a restart goes on after the
 * last committed batch, so no property is priced twice; after the last retry the update is marked failed, which lets
 * the next one start. The app's start-up queues unfinished updates again (`resumePriceUpdates`).
 */
export const updateBulkPricesJob = defineJob({
  id: 'update-bulk-prices',
  payload: z.object({ priceUpdateId: z.number().int().positive() }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  // A million properties take minutes: the run is not a dead worker until well after that.
  expireInSeconds: 60 * 60,
  startsAtOnce: true,
  async handler({ priceUpdateId }, context) {
    await runPriceUpdate({ db: context.db, log: context.log, mailer: context.mailer }, priceUpdateId, {
      isLastAttempt: isLastAttempt(context),
    });
  },
});
