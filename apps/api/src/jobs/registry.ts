import { billingJob } from './billing.job';
import { cleanupAuthRecordsJob } from './cleanup-auth-records.job';
import { customerExportJob } from './customer-export.job';
import { missedVisitsJob } from './missed-visits.job';
import { passwordResetJob } from './password-reset.job';
import { retryDeclinedChargesJob } from './retry-declined-charges.job';
import { scheduleProcessJob } from './schedule-process.job';
import { selectionReportJob } from './selection-report.job';
import { sendEmailJob } from './send-email.job';
import { staffInvitationJob } from './staff-invitation.job';
import { updateBulkPricesJob } from './update-bulk-prices.job';
import { webAccountInvitationJob } from './web-account-invitation.job';

/** Every job the workers run, by queue name. Add new jobs here. */
export const JOBS = {
  [sendEmailJob.id]: sendEmailJob,
  [passwordResetJob.id]: passwordResetJob,
  [cleanupAuthRecordsJob.id]: cleanupAuthRecordsJob,
  [customerExportJob.id]: customerExportJob,
  [selectionReportJob.id]: selectionReportJob,
  [scheduleProcessJob.id]: scheduleProcessJob,
  [billingJob.id]: billingJob,
  [webAccountInvitationJob.id]: webAccountInvitationJob,
  [staffInvitationJob.id]: staffInvitationJob,
  [retryDeclinedChargesJob.id]: retryDeclinedChargesJob,
  [missedVisitsJob.id]: missedVisitsJob,
  [updateBulkPricesJob.id]: updateBulkPricesJob,
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = Parameters<(typeof JOBS)[Name]['handler']>[0];
