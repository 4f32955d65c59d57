import { customerHistoryEntrySchema, pageSchema } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/query-keys';

/** The record's history lists 10 entries a page, newest first. */
export const HISTORY_PAGE_SIZE = 10;

const historyPageSchema = pageSchema(customerHistoryEntrySchema);

/** GET /api/customers/{id}/history, one page (0-based here, 1-based on the wire). */
export function useCustomerHistoryQuery(id: number, page: number) {
  return useQuery({
    queryKey: customerKeys.historyPage(id, page),
    queryFn: async ({ signal }) =>
      historyPageSchema.parse(
        await api.get(`/customers/${id}/history`, {
          query: { page: page + 1, limit: HISTORY_PAGE_SIZE },
          signal,
        }),
      ),
    // The table keeps its rows (and its page count) while the next page loads.
    placeholderData: keepPreviousData,
  });
}
