import {
  crewAssignResponseSchema,
  mapPointsOf,
  mapStopDetailsResponseSchema,
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
  stops: (filter: StopsFilter | null, search: string) => ['market-map', 'stops', filter, search] as const,
  details: (marketId: number | null, ids: readonly number[]) => ['market-map', 'details', marketId, ids] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: marketMapKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * GET the map's stops (markers only), those whose address contains `search` when it is not blank; waits for a
 * complete filter, and keeps the last answer on screen while the next one loads.
 */
export function useMapStopsQuery(filter: StopsFilter | null, search: string) {
  return useQuery({
    queryKey: marketMapKeys.stops(filter, search),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!filter) throw new Error('no filter');
      const query = { ...filter, search: search.trim() === '' ? undefined : search };
      const answer = mapStopsResponseSchema.parse(await api.get('/market-map/stops', { query, signal }));
      return { total: answer.total, depot: answer.depot, stops: mapPointsOf(answer.stops) };
    },
  });
}

/** GET who and where the stops `ids` of the market are (the list's page of stops); none asked, none read. */
export function useStopDetailsQuery(marketId: number | null, ids: readonly number[]) {
  return useQuery({
    queryKey: marketMapKeys.details(marketId, ids),
    enabled: marketId !== null && ids.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      mapStopDetailsResponseSchema.parse(
        await api.get('/market-map/stop-details', { query: { marketId, ids: ids.join(',') }, signal }),
      ).data,
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
