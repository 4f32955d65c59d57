import {
  DELETION_REQUEST_MESSAGES,
  NOTIFICATION_TYPES,
  ORDER_STATUS,
  type Actor,
  type DeletionRequest,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import { notifyOffice } from '../notifications/notifications.service';
import * as repo from './deletion-requests.repo';

function toRequest(row: repo.RemovalRequestRow): DeletionRequest {
  return {
    customerAttributesId: row.propertyId,
    requestedAt: row.createdAt.toISOString(),
    requestedBy: row.requestedBy === null ? null : { id: row.requestedBy, fullName: row.requestedByName ?? '' },
  };
}

/**
 * 'Request deletion?' on a customer record: one removal request per record, which reaches every active
 * Admin and Manager as a customer-activity notification that opens the record. A new order (order status 0) is
 * rejected rather than deleted, so it cannot be requested.
 */
export function createDeletionRequestsService({ db }: { db: Database }) {
  return {
    async find(propertyId: number): Promise<DeletionRequest | null> {
      await requireLiveRecord(db, propertyId);
      const row = await repo.findRemovalRequest(db, propertyId);
      return row ? toRequest(row) : null;
    },

    /** Creates the record's request and tells the Admins and Managers; a second request creates nothing. */
    async request(propertyId: number, actor: Actor): Promise<{ isNew: boolean; request: DeletionRequest }> {
      return db.transaction(async (tx) => {
        const record = await requireLiveRecord(tx, propertyId);
        if (record.statusOrders === ORDER_STATUS.pending) throw conflict(DELETION_REQUEST_MESSAGES.newOrder);
        const isNew = await repo.insertRemovalRequest(tx, propertyId, actor.id);
        if (isNew) {
          // Told to those who may delete a customer (customer activity reaches every Admin and Manager).
          await notifyOffice(tx, {
            typeId: NOTIFICATION_TYPES.customerActivity,
            name: DELETION_REQUEST_MESSAGES.notificationName,
            date: new Date(),
            customerAttributeId: propertyId,
            customerName: record.customerName,
            exceptUserId: actor.id,
          });
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'deletion-request',
            description: `Requested the deletion of this customer (account ${record.accountNumber})`,
            changes: null,
            isEdit: false,
          });
        }
        const row = await repo.findRemovalRequest(tx, propertyId);
        if (!row) throw new Error('removal request missing after insert');
        return { isNew, request: toRequest(row) };
      });
    },
  };
}

export type DeletionRequestsService = ReturnType<typeof createDeletionRequestsService>;
