import { invoiceRowSchema, pageSchema } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { GridSearch } from '../../../lib/grid-search';

const invoicePageSchema = pageSchema(invoiceRowSchema);

export const invoiceKeys = {
  list: (search: GridSearch) => ['invoices', 'list', search] as const,
};

/**
 * The grid sorts by one column; the API breaks ties by id. Asking for the id in the same direction as the date lets
 * the server read its index backwards instead of sorting.
 */
function apiSort(sort: string): string {
  return sort.replace(/^(-?)createdAt$/, '$1createdAt,$1id');
}

export function useInvoicesQuery(search: GridSearch) {
  return useQuery({
    queryKey: invoiceKeys.list(search),
    queryFn: async ({ signal }) =>
      invoicePageSchema.parse(
        await api.get('/invoices', {
          query: { page: search.page + 1, limit: search.pageSize, sort: apiSort(search.sort) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
