import { BUSINESS_TIME_ZONE, calendarDateIn, isoDateSchema } from '@lawn/shared';
import { z } from 'zod';
import { runBilling } from '../modules/billing/billing.service';
import { createSettingsStore, settingDefaults } from '../modules/settings/settings.service';
import { createPaymentGateway } from '../payments/create-gateway';
import { defineJob, isLastAttempt } from './job';

/**
 * The daily billing (modules/billing/billing.runner.ts): at 6:00 in Chicago on weekdays it charges the visits checked
 * out of since the last run (or, when the billing setting says schedule, the services mowed since, the next business day after
 * each mow; holidays bill nothing and the next run catches up). A retry
 * carries on where the failed attempt stopped and bills nothing twice. `date` (a billing day) is for a run asked for
 * by hand or by the start-up resume; the timetable's runs bill today.
 */
export const billingJob = defineJob({
  id: 'billing',
  payload: z.object({ date: isoDateSchema.optional() }),
  schedule: '0 6 * * 1-5',
  scheduleTimeZone: BUSINESS_TIME_ZONE,
  retryLimit: 5,
  retryDelaySeconds: 300,
  // 100,000 charges take minutes with the local gateway and longer through a provider.
  expireInSeconds: 4 * 60 * 60,
  async handler({ date }, context) {
    const gateway = createPaymentGateway({ config: context.config, db: context.db });
    // What to charge is an Admin's setting (BILLING_CHARGES its first default), read afresh on every run.
    const settings = createSettingsStore({ db: context.db, defaults: settingDefaults(context.config) });
    const { billingCharges } = await settings.current();
    const deps = {
      db: context.db,
      gateway,
      log: context.log,
      charges: billingCharges,
      jobs: context.jobs,
      appUrl: context.config.appUrl,
    };
    await runBilling(deps, date ?? calendarDateIn(new Date()), {
      isLastAttempt: isLastAttempt(context),
    });
  },
});
