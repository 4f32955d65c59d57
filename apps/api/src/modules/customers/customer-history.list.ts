import { HISTORY_FILTERS, HISTORY_PAGE_SIZE } from '@lawn/shared';
import { z } from 'zod';
import { customerHistory } from '../../db/schema';
import { equalsFilter, filter, type ListDefinition } from '../../http/list-query';

/**
 * One end of the date range. The two ends are a pair with rules across them (both or neither, the start not after
 * the end, the end not after today), so the service checks and applies them together (`historyDateRange`); here they
 * are only declared and bounded.
 */
const rangeEnd = (description: string) => filter(z.string().max(40), () => undefined, { multiple: false, description });

/** GET /api/customers/{id}/history: newest first, 10 a page. */
export const customerHistoryList: ListDefinition = {
  filters: {
    action: equalsFilter(customerHistory.action, z.string().trim().min(1).max(50), 'Action, e.g. update, delete'),
    [HISTORY_FILTERS.start]: rangeEnd('The first instant of the range, in UTC (ISO 8601); needs the end too'),
    [HISTORY_FILTERS.end]: rangeEnd('The last instant of the range, in UTC (ISO 8601), today at the latest'),
  },
  sorts: { createdAt: customerHistory.createdAt, id: customerHistory.id },
  defaultSort: '-createdAt,-id',
  defaultLimit: HISTORY_PAGE_SIZE,
  tiebreak: customerHistory.id,
};
