import {
  CUSTOMER_STATUS,
  CUSTOMER_STATUSES,
  DECLINE_REASONS,
  formatUsDate,
  NOTIFICATION_TYPES,
  PAYMENT_NOTICE_ROLES,
  type Actor,
  type CustomerStatus,
  type DeclineCode,
  type IsoDate,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { properties } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { markCardDeclined, recordPropertyChange, setPropertyStatus } from '../customers/customers.service';
import { notifyUsers } from '../notifications/notifications.service';
import { replanProperty } from '../schedule/schedule.service';
import { activeUserIdsWithRoles } from '../users/users.service';
import type { PendingCharge } from './billing.repo';
import * as attempts from './charge-attempts.repo';
import { declinedChargeEmail } from './declined-charge-email';

/** What telling a customer of a declined charge needs: the queue of the e-mail job and the web app's address. */
export type DeclineNoticeDeps = { jobs: Pick<JobQueue, 'enqueue'>; appUrl: string; log: Logger };

/** The e-mail a decline sends once its transaction committed. */
export type DeclineNotice = { to: string; message: ReturnType<typeof declinedChargeEmail>; propertyId: number };

const statusName = (status: number) => CUSTOMER_STATUSES[status as CustomerStatus] ?? String(status);
export const declineReason = (code: string) => DECLINE_REASONS[code as DeclineCode] ?? code;

/** What a property's decline notice says of it, read in the decline's transaction. */
async function noticeDetails(tx: Executor, propertyId: number) {
  const [row] = await tx
    .select({
      email: properties.customerEmail,
      firstName: properties.customerFirstName,
      lastName: properties.customerLastName,
      serviceAddress: properties.serviceAddress,
      status: properties.status,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row ?? null;
}

/**
 * What a declined charge does to its property, in the transaction that records the decline. The first decline moves
 * the property to Card declined (the expired-card list), out of the schedule, remembering the status it had; its
 * history says why, and the office is notified. Answers the e-mail to send the customer once committed (a link to
 * their payment page), or null when the property was on Card declined already: one notice per hold, not per invoice.
 */
export async function followUpDecline(
  tx: Executor,
  charge: Pick<PendingCharge, 'propertyId' | 'serviceDate' | 'total'>,
  declineCode: string,
  context: { today: IsoDate; now: Date; appUrl: string; actor: Actor | null; by: string },
): Promise<DeclineNotice | null> {
  const property = await noticeDetails(tx, charge.propertyId);
  if (!property) return null;
  const reason = declineReason(declineCode);
  const what = `${reason} when charging the service of ${formatUsDate(charge.serviceDate)} (${context.by})`;
  if (property.status === CUSTOMER_STATUS.cardDeclined) {
    await recordPropertyChange(tx, {
      propertyId: charge.propertyId,
      actor: context.actor,
      action: 'billing',
      description: what,
      changes: null,
      isEdit: false,
    });
    return null;
  }
  await attempts.openChargeDecline(tx, charge.propertyId, property.status);
  await markCardDeclined(tx, charge.propertyId, CUSTOMER_STATUS.cardDeclined);
  await replanProperty(tx, charge.propertyId, context.today);
  await recordPropertyChange(tx, {
    propertyId: charge.propertyId,
    actor: context.actor,
    action: 'billing',
    description: `${what}: moved to the expired-card list until a charge goes through; the customer was e-mailed a link to their payment page`,
    changes: { status: { from: statusName(property.status), to: statusName(CUSTOMER_STATUS.cardDeclined) } },
    isEdit: true,
    editedAt: context.now,
  });
  const customerName = `${property.firstName} ${property.lastName}`.trim();
  await notifyUsers(tx, await activeUserIdsWithRoles(tx, PAYMENT_NOTICE_ROLES), {
    typeId: NOTIFICATION_TYPES.customerActivity,
    name: `Charge declined: ${reason}`,
    date: context.now,
    customerAttributeId: charge.propertyId,
    customerName,
  });
  if (!property.email) return null;
  return {
    to: property.email,
    propertyId: charge.propertyId,
    message: declinedChargeEmail({
      firstName: property.firstName,
      serviceAddress: property.serviceAddress,
      serviceDate: charge.serviceDate,
      total: charge.total,
      reason,
      appUrl: context.appUrl,
    }),
  };
}

/**
 * Once none of a property's invoices is declined any more (a retry went through, the office marked it paid), the
 * status the first decline moved it from comes back and the property is planned again; the history says so. A
 * property someone moved off Card declined meanwhile keeps the status they chose.
 */
export async function restoreWhenSettled(
  tx: Executor,
  propertyId: number,
  context: { today: IsoDate; now: Date; actor: Actor | null; why: string },
): Promise<void> {
  const statusBefore = await attempts.closeChargeDeclineWhenSettled(tx, propertyId);
  if (statusBefore === null) return;
  const property = await noticeDetails(tx, propertyId);
  if (property?.status !== CUSTOMER_STATUS.cardDeclined) return;
  await setPropertyStatus(tx, propertyId, statusBefore);
  await replanProperty(tx, propertyId, context.today);
  await recordPropertyChange(tx, {
    propertyId,
    actor: context.actor,
    action: 'billing',
    description: `${context.why}: status restored from ${statusName(CUSTOMER_STATUS.cardDeclined)} to ${statusName(statusBefore)}`,
    changes: { status: { from: statusName(CUSTOMER_STATUS.cardDeclined), to: statusName(statusBefore) } },
    isEdit: true,
    editedAt: context.now,
  });
}

/** Queues the decline e-mails of a committed transaction; one that cannot be queued is logged, the decline stands. */
export async function sendDeclineNotices(
  { jobs, log }: Pick<DeclineNoticeDeps, 'jobs' | 'log'>,
  notices: readonly DeclineNotice[],
): Promise<void> {
  for (const notice of notices) {
    try {
      await jobs.enqueue('send-email', { to: notice.to, ...notice.message });
    } catch (error) {
      log.error({ err: error, propertyId: notice.propertyId }, 'declined charge e-mail not queued');
    }
  }
}
