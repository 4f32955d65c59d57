import { addDays, capacityResponseSchema, MAX_CAPACITY_DAYS, type IsoDate, type StartDay } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Why each day from `from` can or cannot start a service in the market: full and locked days are greyed out in the
 * wizard's start-date picker. None until the zip has given the market.
 */
export function useStartDaysQuery(marketId: number | null, from: IsoDate) {
  return useQuery({
    queryKey: ['new-customers', 'start-days', marketId, from] as const,
    enabled: marketId !== null,
    queryFn: async ({ signal }): Promise<StartDay[]> =>
      capacityResponseSchema
        .parse(
          await api.get(`/mow-availabilities/markets/${marketId}/capacity`, {
            query: { from, to: addDays(from, MAX_CAPACITY_DAYS - 1) },
            signal,
          }),
        )
        .data.map(({ date, status }) => ({ date, status })),
  });
}
