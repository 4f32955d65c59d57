import {
  lotSizeTableSchema,
  marketListSchema,
  pageSchema,
  priceChangeSchema,
  type LotSizeTableUpdate,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

/** Which price table: a market's (its own or the default one it uses), or the default table itself. */
export type TableChoice = number | 'default';

/** The history lists 10 changes a page (history per page 10). */
export const PRICE_HISTORY_PAGE_SIZE = 10;

const priceChangePageSchema = pageSchema(priceChangeSchema);

const marketQuery = (choice: TableChoice) => (choice === 'default' ? {} : { marketId: choice });

export const pricingKeys = {
  all: ['pricing'] as const,
  markets: ['pricing', 'markets'] as const,
  table: (choice: TableChoice) => ['pricing', 'table', choice] as const,
  history: (choice: TableChoice, page: number) => ['pricing', 'history', choice, page] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: pricingKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
  });
}

export function usePriceTableQuery(choice: TableChoice) {
  return useQuery({
    queryKey: pricingKeys.table(choice),
    queryFn: async ({ signal }) =>
      lotSizeTableSchema.parse(await api.get('/base-price', { query: marketQuery(choice), signal })),
    // The calculator stays on screen (with what the user chose) while another market's table loads.
    placeholderData: keepPreviousData,
  });
}

/** `page` counts from 0, as the table pagination does; the API counts from 1. */
export function usePriceHistoryQuery(choice: TableChoice, page: number) {
  return useQuery({
    queryKey: pricingKeys.history(choice, page),
    queryFn: async ({ signal }) =>
      priceChangePageSchema.parse(
        await api.get('/base-price/changes', {
          query: { 'filter[market]': choice, page: page + 1, limit: PRICE_HISTORY_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /api/base-price: the whole table from the version read. The edit dialog shows the errors itself; a 409 (saved
 * by someone else meanwhile) reloads the table so the screen shows the newer values.
 */
export function useSavePriceTableMutation(choice: TableChoice) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: LotSizeTableUpdate) =>
      lotSizeTableSchema.parse(
        await api.request('/base-price', { method: 'PUT', query: marketQuery(choice), body: update }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: (table) => {
      queryClient.setQueryData(pricingKeys.table(choice), table);
      // The default table's prices are also those of every market still on it.
      return queryClient.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}
