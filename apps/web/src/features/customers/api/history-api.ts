import { customerHistoryEntrySchema, HISTORY_FILTERS, HISTORY_PAGE_SIZE, pageSchema } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/query-keys';

const historyPageSchema = pageSchema(customerHistoryEntrySchema);

/** The history's date range as the API takes it: the first and last instants of the chosen days, in UTC. */
export type HistoryRange = { start: string; end: string };

/** GET /api/customers/{id}/history, one page (0-based here, 1-based on the wire), 10 a page, newest first. */
export function useCustomerHistoryQuery(id: number, page: number, range: HistoryRange | null) {
  return useQuery({
    queryKey: customerKeys.historyPage(id, page, range),
    queryFn: async ({ signal }) =>
      historyPageSchema.parse(
        await api.get(`/customers/${id}/history`, {
          query: {
            page: page + 1,
            limit: HISTORY_PAGE_SIZE,
            sort: '-createdAt',
            ...(range && {
              [`filter[${HISTORY_FILTERS.start}]`]: range.start,
              [`filter[${HISTORY_FILTERS.end}]`]: range.end,
            }),
          },
          signal,
        }),
      ),
    // The table keeps its rows (and its page count) while the next page loads.
    placeholderData: keepPreviousData,
  });
}
