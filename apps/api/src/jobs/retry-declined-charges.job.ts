import { BUSINESS_TIME_ZONE, calendarDateIn, idSchema, isoDateSchema } from '@lawn/shared';
import { z } from 'zod';
import { retryDueCharges, retryPropertyCharges } from '../modules/billing/billing.service';
import { createSettingsStore, settingDefaults } from '../modules/settings/settings.service';
import { createPaymentGateway } from '../payments/create-gateway';
import { defineJob } from './job';

/**
 * Declined charges tried again (modules/billing/charge-retries.ts). On its timetable, at 7:00 in Chicago on weekdays
 * (after the daily billing), every declined invoice whose retry is due on the Admin's schedule (billingRetryDays,
 * read afresh each run); with `propertyId`, at once, every declined invoice of a property whose payment method was
 * just changed. A retry of the job sends an unanswered attempt again under its own key, so nothing is charged twice.
 */
export const retryDeclinedChargesJob = defineJob({
  id: 'retry-declined-charges',
  payload: z.object({ propertyId: idSchema.optional(), date: isoDateSchema.optional() }),
  schedule: '0 7 * * 1-5',
  scheduleTimeZone: BUSINESS_TIME_ZONE,
  retryLimit: 5,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  // The customer who saved a new card is waiting to see their service resume.
  startsAtOnce: true,
  async handler({ propertyId, date }, context) {
    const gateway = createPaymentGateway({ config: context.config, db: context.db });
    const deps = { db: context.db, gateway, log: context.log, jobs: context.jobs, appUrl: context.config.appUrl };
    if (propertyId !== undefined) {
      await retryPropertyCharges(deps, propertyId);
      return;
    }
    const settings = createSettingsStore({ db: context.db, defaults: settingDefaults(context.config) });
    const { billingRetryDays } = await settings.current();
    await retryDueCharges({ ...deps, retryDays: billingRetryDays }, date ?? calendarDateIn(new Date()));
  },
});
