import {
  countSchema,
  marketListSchema,
  messageResponseSchema,
  pageSchema,
  SAVED_SEARCH_PAGE_SIZE,
  savedSearchSchema,
  userSummarySchema,
  weeksResponseSchema,
  type SavedSearch,
  type SavedSearchCreate,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

const csrListSchema = z.object({ data: z.array(userSummarySchema) });
const savedSearchPageSchema = pageSchema(savedSearchSchema);
const savedSchema = z.object({ data: savedSearchSchema, message: z.string() });

export const lookupKeys = {
  markets: ['markets'] as const,
  csrs: ['users', 'csr'] as const,
  weeks: (year: number) => ['helper', 'weeks', year] as const,
  saved: ['saved-searches'] as const,
  savedPage: (page: number) => ['saved-searches', page] as const,
};

export function useLookupMarketsQuery() {
  return useQuery({
    queryKey: lookupKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
  });
}

/** The active customer-service users: who may have signed a customer up. */
export function useLookupCsrsQuery() {
  return useQuery({
    queryKey: lookupKeys.csrs,
    queryFn: async ({ signal }) =>
      csrListSchema.parse(
        await api.get('/users', {
          query: { 'filter[role]': 'customer-service', 'filter[status]': 1, limit: 100 },
          signal,
        }),
      ).data,
  });
}

/** The weeks of a mow year (Monday to Sunday), for the work-weeks look-up. */
export function useMowWeeksQuery(year: number | null) {
  return useQuery({
    queryKey: lookupKeys.weeks(year ?? 0),
    queryFn: async ({ signal }) =>
      weeksResponseSchema.parse(await api.get('/helper/weeks', { query: { year }, signal })).data,
    enabled: year !== null,
    staleTime: Infinity,
  });
}

/** How many customers a filter string finds: the customer list with render=count. */
export function useLookupCountMutation() {
  return useMutation({
    mutationFn: async (filter: string) =>
      countSchema.parse(
        await api.get('/customers', { query: { render: 'count', ...Object.fromEntries(new URLSearchParams(filter)) } }),
      ).total,
  });
}

export function useSavedSearchesQuery(page: number) {
  return useQuery({
    queryKey: lookupKeys.savedPage(page),
    queryFn: async ({ signal }) =>
      savedSearchPageSchema.parse(
        await api.get('/saved-searches', { query: { page: page + 1, limit: SAVED_SEARCH_PAGE_SIZE }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateSaved() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: lookupKeys.saved });
}

/** Saving carries an Idempotency-Key, so saving again after a lost answer keeps the search once. */
export function useSaveSearchMutation() {
  const invalidate = useInvalidateSaved();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: SavedSearchCreate) =>
      savedSchema.parse(await api.post('/saved-searches', input, { idempotencyKey: idempotencyKey.current() })),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: invalidate,
    onSettled: (_data, error) => idempotencyKey.settle(error),
  });
}

export function useDeleteSavedSearchMutation() {
  const invalidate = useInvalidateSaved();
  return useMutation({
    mutationFn: async (search: SavedSearch) =>
      messageResponseSchema.parse(await api.delete(`/saved-searches/${search.id}`)),
    onSettled: invalidate,
  });
}
