import { lotSizeTableSchema, ZIP_PATTERN, zipServiceAreaResponseSchema } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const signUpKeys = {
  serviceArea: (zipcode: string) => ['sign-up', 'service-area', zipcode] as const,
  lotSizes: (marketId: number | null) => ['sign-up', 'lot-sizes', marketId] as const,
};

/** The zone of a zip: its market, tax rate and exceptions; a 404 says the business does not serve it. */
export function useServiceAreaQuery(zipcode: string) {
  return useQuery({
    queryKey: signUpKeys.serviceArea(zipcode),
    enabled: ZIP_PATTERN.test(zipcode),
    queryFn: async ({ signal }) =>
      zipServiceAreaResponseSchema.parse(await api.get(`/web/zip-code/${zipcode}`, { signal })).data,
    retry: false,
    staleTime: Infinity,
  });
}

/** The quote's lot-size cards: the market's price table. */
export function useLotSizesQuery(marketId: number | null) {
  return useQuery({
    queryKey: signUpKeys.lotSizes(marketId),
    enabled: marketId !== null,
    queryFn: async ({ signal }) =>
      lotSizeTableSchema.parse(await api.get('/web/base-price', { query: { marketId }, signal })).data,
    staleTime: Infinity,
  });
}
