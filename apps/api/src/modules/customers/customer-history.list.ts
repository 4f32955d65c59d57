import { z } from 'zod';
import { customerHistory } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/customers/{id}/history: newest first. */
export const customerHistoryList: ListDefinition = {
  filters: {
    action: equalsFilter(customerHistory.action, z.string().trim().min(1).max(50), 'Action, e.g. update, delete'),
  },
  sorts: { createdAt: customerHistory.createdAt, id: customerHistory.id },
  defaultSort: '-createdAt,-id',
  defaultLimit: 20,
  tiebreak: customerHistory.id,
};
