import {
  countSchema,
  marketListSchema,
  pageSchema,
  PRICE_UPDATE_JOB_TYPE,
  PRICE_UPDATES_PAGE_SIZE,
  pricePreviewSchema,
  priceUpdateItemSchema,
  priceUpdateSchema,
  priceUpdateStartedSchema,
  type PriceUpdateRequest,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { saveFile } from '../../../lib/save-file';
import { useTitledUploadMutation } from '../../../lib/use-titled-upload-mutation';

/** An update's properties, 50 a page. */
export const PRICE_UPDATE_ITEMS_PAGE_SIZE = 50;
/** How often the page asks again while an update runs, so its progress moves and Apply comes back once it ends. */
const RUNNING_POLL_MS = 2000;

const updatePageSchema = pageSchema(priceUpdateSchema);
const itemPageSchema = pageSchema(priceUpdateItemSchema);

export const priceUpdateKeys = {
  all: ['price-updates'] as const,
  markets: ['price-updates', 'markets'] as const,
  running: ['price-updates', 'running'] as const,
  list: (page: number) => ['price-updates', 'list', page] as const,
  items: (id: number, page: number) => ['price-updates', 'items', id, page] as const,
};

export function useMarketsQuery() {
  return useQuery({
    queryKey: priceUpdateKeys.markets,
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
  });
}

/**
 * How many updates run now (0 or 1): Apply and Undo wait while one does. Asked every 2 s while one runs; once it ends,
 * the list and the details are read again to show where it ended.
 */
export function useRunningCountQuery() {
  const queryClient = useQueryClient();
  const wasRunning = useRef(false);
  const running = useQuery({
    queryKey: priceUpdateKeys.running,
    queryFn: async ({ signal }) =>
      countSchema.parse(
        await api.get('/price-updates/jobs', {
          query: { render: 'count', 'filter[status]': 'in_progress', 'filter[type]': PRICE_UPDATE_JOB_TYPE },
          signal,
        }),
      ).total,
    refetchInterval: (query) => ((query.state.data ?? 0) > 0 ? RUNNING_POLL_MS : false),
  });
  const isRunning = (running.data ?? 0) > 0;
  useEffect(() => {
    if (wasRunning.current && !isRunning) {
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'price-updates' && query.queryKey[1] !== 'running',
      });
    }
    wasRunning.current = isRunning;
  }, [isRunning, queryClient]);
  return running;
}

/** The updates, newest first; `page` counts from 0 as the table's pagination does. */
export function usePriceUpdatesQuery(page: number, isRunning: boolean) {
  return useQuery({
    queryKey: priceUpdateKeys.list(page),
    queryFn: async ({ signal }) =>
      updatePageSchema.parse(
        await api.get('/price-updates', { query: { page: page + 1, limit: PRICE_UPDATES_PAGE_SIZE }, signal }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: isRunning ? RUNNING_POLL_MS : false,
  });
}

export function usePriceUpdateItemsQuery(id: number, page: number) {
  return useQuery({
    queryKey: priceUpdateKeys.items(id, page),
    queryFn: async ({ signal }) =>
      itemPageSchema.parse(
        await api.get(`/price-updates/${id}/items`, {
          query: { page: page + 1, limit: PRICE_UPDATE_ITEMS_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** What an increase or a decrease would do; nothing is written. */
export function usePreviewMutation() {
  return useMutation({
    mutationFn: async (request: PriceUpdateRequest) =>
      z.object({ data: pricePreviewSchema }).parse(await api.post('/price-updates/preview', request)).data,
    meta: FORM_SHOWS_ERRORS,
  });
}

/** Refreshes the list and the running state a moment after a start, once the job has taken it up. */
export function useRefreshAfterStart(delayMs: number) {
  const queryClient = useQueryClient();
  return () =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: priceUpdateKeys.all }).then(resolve);
      }, delayMs);
    });
}

export function useStartPriceUpdateMutation() {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (request: PriceUpdateRequest) =>
      priceUpdateStartedSchema.parse(
        await api.post('/price-updates', request, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: async (_data, error) => {
      idempotencyKey.settle(error);
      await queryClient.invalidateQueries({ queryKey: priceUpdateKeys.all });
    },
  });
}

/** Starts a file of per-property prices under a title: every line is checked, a bad one starts nothing. */
export function useUploadPricesMutation() {
  return useTitledUploadMutation({
    path: '/price-updates/upload',
    answerSchema: priceUpdateStartedSchema,
    invalidates: priceUpdateKeys.all,
  });
}

export function useUndoPriceUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => priceUpdateStartedSchema.parse(await api.post(`/price-updates/${id}/undo`)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: priceUpdateKeys.all });
    },
  });
}

/** Saves the xlsx template of a price file. */
export async function downloadPriceTemplate(): Promise<void> {
  const file = await api.download('/price-updates/template');
  saveFile(file.blob, file.filename ?? 'price-update-template.xlsx');
}
