import {
  chargeAttemptsResponseSchema,
  invoiceRowSchema,
  messageResponseSchema,
  retryNowResponseSchema,
  type InvoiceRow,
  type MarkInvoicePaid,
  pageSchema,
  VISITS_TO_CONFIRM_PAGE_SIZE,
  visitToConfirmSchema,
  type VisitConfirmation,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import type { GridSearch } from '../../../lib/grid-search';

const invoicePageSchema = pageSchema(invoiceRowSchema);

export const invoiceKeys = {
  list: (search: GridSearch, status: number | null) => ['invoices', 'list', search, status] as const,
  attempts: (id: number) => ['invoices', 'attempts', id] as const,
};

/**
 * The grid sorts by one column; the API breaks ties by id. Asking for the id in the same direction as the date lets
 * the server read its index backwards instead of sorting.
 */
function apiSort(sort: string): string {
  return sort.replace(/^(-?)createdAt$/, '$1createdAt,$1id');
}

/** A page of invoices; `status` (an invoice status code) keeps only those, null all. */
export function useInvoicesQuery(search: GridSearch, status: number | null) {
  return useQuery({
    queryKey: invoiceKeys.list(search, status),
    queryFn: async ({ signal }) =>
      invoicePageSchema.parse(
        await api.get('/invoices', {
          query: {
            page: search.page + 1,
            limit: search.pageSize,
            sort: apiSort(search.sort),
            ...(status === null ? {} : { 'filter[status]': status }),
          },
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

/** A declined invoice's charge attempts, oldest first, with the day of its next scheduled retry. */
export function useChargeAttemptsQuery(id: number) {
  return useQuery({
    queryKey: invoiceKeys.attempts(id),
    queryFn: async ({ signal }) =>
      chargeAttemptsResponseSchema.parse(await api.get(`/invoices/${id}/attempts`, { signal })).data,
  });
}

/** Retry now: the charge tried again at once; the list and the attempts reload whatever the answer. */
export function useRetryInvoiceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invoice: InvoiceRow) =>
      retryNowResponseSchema.parse(await api.post(`/invoices/${invoice.id}/retry`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}

/** Mark paid another way, from the invoice's version; the dialog shows a refusal itself. */
export function useMarkInvoicePaidMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invoice, payment }: { invoice: InvoiceRow; payment: Omit<MarkInvoicePaid, 'version'> }) =>
      messageResponseSchema.parse(
        await api.post(`/invoices/${invoice.id}/mark-paid`, { ...payment, version: invoice.version }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}
