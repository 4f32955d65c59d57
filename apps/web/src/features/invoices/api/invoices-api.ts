import {
  invoiceRowSchema,
  messageResponseSchema,
  pageSchema,
  VISITS_TO_CONFIRM_PAGE_SIZE,
  visitToConfirmSchema,
  type VisitConfirmation,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const visitsToConfirmPageSchema = pageSchema(visitToConfirmSchema);
const visitsToConfirmKey = ['invoices', 'visits-to-confirm'] as const;

/** A page (from 0) of the scheduled mows no crew checked out of, oldest first. */
export function useVisitsToConfirmQuery(page: number) {
  return useQuery({
    queryKey: [...visitsToConfirmKey, page],
    queryFn: async ({ signal }) =>
      visitsToConfirmPageSchema.parse(
        await api.get('/billing/visits-to-confirm', {
          query: { page: page + 1, limit: VISITS_TO_CONFIRM_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Settles one visit: done (billed by the next run) or skipped; the list and the invoices reload either way. */
export function useConfirmVisitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, result }: { id: number; result: VisitConfirmation }) =>
      messageResponseSchema.parse(await api.post(`/billing/visits-to-confirm/${id}/confirm`, { result })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}
