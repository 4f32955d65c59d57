import {
  marketListSchema,
  messageResponseSchema,
  pageSchema,
  serviceZoneResponseSchema,
  serviceZoneSchema,
  usStateSchema,
  usZipResponseSchema,
  type ServiceZone,
  type ServiceZoneInput,
  type UsZip,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api';
import type { GridSearch } from '../../../lib/grid-search';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

const zonePageSchema = pageSchema(serviceZoneSchema);
const statePageSchema = pageSchema(usStateSchema);

export const serviceZoneKeys = {
  all: ['service-zones'] as const,
  list: (marketId: number, search: GridSearch) => ['service-zones', 'list', marketId, search] as const,
  markets: ['markets'] as const,
  states: ['states'] as const,
  usZip: (zipcode: string) => ['us-zips', zipcode] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: serviceZoneKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Every state, for the zone form's state choice (a zip outside the zip data set needs one). */
export function useStatesQuery() {
  return useQuery({
    queryKey: serviceZoneKeys.states,
    queryFn: async ({ signal }) =>
      statePageSchema.parse(await api.get('/states', { query: { limit: 100 }, signal })).data,
    staleTime: Infinity,
  });
}

export function useServiceZonesQuery(marketId: number | null, search: GridSearch) {
  return useQuery({
    queryKey: serviceZoneKeys.list(marketId ?? 0, search),
    enabled: marketId !== null,
    queryFn: async ({ signal }) =>
      zonePageSchema.parse(
        await api.get('/service-zones', {
          query: { 'filter[marketId]': marketId, page: search.page + 1, limit: search.pageSize, sort: search.sort },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether a zip is in the US zip data set, with its city and state; null when it is not, or when the check itself
 * fails (the spec has the zone form ignore a failed check: the person then types the city and state).
 */
export function useZipCheck(): (zipcode: string) => Promise<UsZip | null> {
  const queryClient = useQueryClient();
  return useCallback(
    (zipcode: string) =>
      queryClient
        .fetchQuery({
          queryKey: serviceZoneKeys.usZip(zipcode),
          queryFn: async ({ signal }) =>
            usZipResponseSchema.parse(await api.get(`/us-zips/${zipcode}`, { signal })).data,
          staleTime: Infinity,
          retry: false,
        })
        .catch(() => null),
    [queryClient],
  );
}

function useInvalidateZones() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceZoneKeys.all });
}

/** The create carries an Idempotency-Key, so saving again after a lost answer adds the zone once. */
export function useCreateServiceZoneMutation() {
  const invalidate = useInvalidateZones();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: ServiceZoneInput) =>
      serviceZoneResponseSchema.parse(
        await api.post('/service-zones', input, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: invalidate,
    onSettled: (_data, error) => idempotencyKey.settle(error),
  });
}

export function useUpdateServiceZoneMutation() {
  const invalidate = useInvalidateZones();
  return useMutation({
    mutationFn: async ({ zone, input }: { zone: ServiceZone; input: ServiceZoneInput }) =>
      serviceZoneResponseSchema.parse(
        await api.patch(`/service-zones/${zone.id}`, { ...input, version: zone.version }),
      ),
    meta: FORM_SHOWS_ERRORS,
    // A refusal (a stale version above all) means the list is stale too.
    onSettled: invalidate,
  });
}

export function useDeleteServiceZoneMutation() {
  const invalidate = useInvalidateZones();
  return useMutation({
    mutationFn: async (zone: ServiceZone) => messageResponseSchema.parse(await api.delete(`/service-zones/${zone.id}`)),
    onSettled: invalidate,
  });
}
