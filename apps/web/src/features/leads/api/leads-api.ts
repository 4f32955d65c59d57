import { leadRowSchema, pageSchema } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { GridSearch } from '../../../lib/grid-search';

const leadPageSchema = pageSchema(leadRowSchema);

const leadKeys = {
  list: (search: GridSearch) => ['leads', 'list', search] as const,
};

/** A page of the office's Leads list (GET /leads), in the grid's order. */
export function useLeadsQuery(search: GridSearch) {
  return useQuery({
    queryKey: leadKeys.list(search),
    queryFn: async ({ signal }) =>
      leadPageSchema.parse(
        await api.get('/leads', {
          query: { page: search.page + 1, limit: search.pageSize, sort: search.sort },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
