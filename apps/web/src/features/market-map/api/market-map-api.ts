import {
  crewAssignResponseSchema,
  mapStopsResponseSchema,
  marketListSchema,
  routeOrderResponseSchema,
  type CrewAssignInput,
  type RouteOrderRequest,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

/** What the map shows: a market's stops of a day, every crew's or one crew's. */
export type StopsFilter = { marketId: number; date: string; crew: number | null };

const marketMapKeys = {
  markets: ['markets'] as const,
  all: ['market-map'] as const,
  stops: (filter: StopsFilter | null) => ['market-map', 'stops', filter] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: marketMapKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** GET the map's stops; waits for a complete filter, and keeps the last answer on screen while the next one loads. */
export function useMapStopsQuery(filter: StopsFilter | null) {
  return useQuery({
    queryKey: marketMapKeys.stops(filter),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!filter) throw new Error('no filter');
      return mapStopsResponseSchema.parse(await api.get('/market-map/stops', { query: filter, signal }));
    },
  });
}

/** Assign or Unassign: the form shows the crew field's errors itself; the stops are read again afterwards. */
export function useAssignCrewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CrewAssignInput) =>
      crewAssignResponseSchema.parse(await api.request('/market-map/crew', { method: 'POST', body })).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketMapKeys.all }),
  });
}

/** Orders a crew's route of the day from the market's depot and back; the numbered stops are read again. */
export function useOrderRouteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RouteOrderRequest) =>
      routeOrderResponseSchema.parse(await api.request('/market-map/route-order', { method: 'PUT', body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketMapKeys.all }),
  });
}
