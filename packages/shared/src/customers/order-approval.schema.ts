import { z } from 'zod';
import { versionSchema } from '../http/version';
import { NOTE_TYPE } from '../notes/note.constants';
import { noteRules, noteValuesSchema } from '../notes/note.schema';
import type { CUSTOMER_LIST_DEFAULT_FILTERS } from './customer.constants';
import { ORDER_STATUS } from './customer.constants';
import { customerDetailSchema } from './customer.schema';

/** Texts of the Approve and Reject buttons and of the pending-approval list, and our own. */
export const ORDER_MESSAGES = {
  approvedTitle: 'Great!',
  approved: 'This request has been approved. Now you can see it in the list of clients.',
  rejected: 'This request has been rejected.',
  alreadyApproved: 'This order is already approved.',
  listTitle: 'Clients List',
  listSubtitle: 'Clients list pending approval',
  empty: 'No orders are waiting for approval',
} as const;

/** POST /api/customers/{id}/approve: the version of the record the person decided on. */
export const approveOrderSchema = z.strictObject({ version: versionSchema });
export type ApproveOrder = z.infer<typeof approveOrderSchema>;

/**
 * POST /api/customers/{id}/reject: the rejected note (type 4) the person wrote, and the version of the record they
 * decided on. The note and the rejection are saved together or not at all.
 */
export const rejectOrderSchema = noteValuesSchema
  .extend({ version: versionSchema })
  .superRefine(noteRules(NOTE_TYPE.rejected));
export type RejectOrderInput = z.input<typeof rejectOrderSchema>;
export type RejectOrder = z.output<typeof rejectOrderSchema>;

export const orderDecisionResponseSchema = z.object({
  message: z.string(),
  data: customerDetailSchema,
  /** The rejected note a rejection saved. */
  noteId: z.number().int().optional(),
});

/**
 * The pending-approval list (`new-orders`): new orders waiting for a decision and rejected ones (which can still be
 * approved), of every status, newest first, 10 a page. Approved orders leave it for the client list.
 * Filter values travel as text; an empty status names the filter, so the list's default (status 1) does not apply.
 */
export const NEW_ORDERS_FILTERS = {
  statusOrders: `${ORDER_STATUS.pending},${ORDER_STATUS.rejected}`,
  status: '',
} as const satisfies Record<keyof typeof CUSTOMER_LIST_DEFAULT_FILTERS, string>;
export const NEW_ORDERS_PAGE_SIZE = 10;
export const NEW_ORDERS_SORT = '-id';
