import {
  availabilitySlotsResponseSchema,
  availabilityWeekResponseSchema,
  marketListSchema,
  type AvailabilityUpdate,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

const availabilityKeys = {
  markets: ['markets'] as const,
  slots: (marketId: number | null) => ['mow-availabilities', marketId] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: availabilityKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** GET slots: a market's weeks from this one, each with its weekdays' max mows, scheduled mows and locks. */
export function useAvailabilitySlotsQuery(marketId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.slots(marketId),
    enabled: marketId !== null,
    queryFn: async ({ signal }) =>
      availabilitySlotsResponseSchema.parse(await api.get(`/mow-availabilities/markets/${marketId}/slots`, { signal })),
  });
}

/**
 * PUT updateWeek. The dialog shows its failures itself; the weeks are read again after a save and after a refusal
 * (a 409 means someone else changed the week).
 */
export function useUpdateWeekMutation(marketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: AvailabilityUpdate) =>
      availabilityWeekResponseSchema.parse(
        await api.request(`/mow-availabilities/markets/${marketId}/week`, {
          method: 'PUT',
          body: { ...update, slots: String(update.slots) },
        }),
      ).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.slots(marketId) }),
  });
}
