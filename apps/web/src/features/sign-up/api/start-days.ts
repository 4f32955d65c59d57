import { addDays, MAX_CAPACITY_DAYS, startDaysResponseSchema, ZIP_PATTERN, type IsoDate } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * Why each day from `from` can or cannot start a service in the market of `zipcode`: full and locked days are greyed
 * out in the start-date picker. Read again each time the page opens, as other sign-ups fill days meanwhile.
 */
export function useStartDaysQuery(zipcode: string, from: IsoDate) {
  return useQuery({
    queryKey: ['sign-up', 'start-days', zipcode, from] as const,
    enabled: ZIP_PATTERN.test(zipcode),
    queryFn: async ({ signal }) =>
      startDaysResponseSchema.parse(
        await api.get('/web/start-days', {
          query: { zipcode, from, to: addDays(from, MAX_CAPACITY_DAYS - 1) },
          signal,
        }),
      ).data,
  });
}
