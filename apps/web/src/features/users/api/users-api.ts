import {
  bbCrewRowSchema,
  crewPaymentSchema,
  crewPaymentsUploadedSchema,
  marketListSchema,
  pageSchema,
  userDetailResponseSchema,
  userHistoryResponseSchema,
  userSavedResponseSchema,
  userSummarySchema,
  type UserDetail,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { saveFile } from '../../../lib/save-file';
import { useTitledUploadMutation } from '../../../lib/use-titled-upload-mutation';
import type { AccountKind } from '../account-kinds';
import { ACCOUNT_KINDS } from '../account-kinds';

const userPageSchema = pageSchema(userSummarySchema);
const bbCrewPageSchema = pageSchema(bbCrewRowSchema);
const paymentPageSchema = pageSchema(crewPaymentSchema);

/** A grid's page: which page (from 0) and how many rows. */
export type GridPage = { page: number; pageSize: number };

export const userKeys = {
  all: ['users'] as const,
  list: (kind: AccountKind, page: GridPage) => ['users', 'list', kind, page] as const,
  one: (kind: AccountKind, id: number) => ['users', 'one', kind, id] as const,
  /** Under ['users']: whatever a save invalidates reloads the history too. */
  history: (id: number) => ['users', 'history', id] as const,
  payments: (page: GridPage) => ['crew-payments', page] as const,
};

/** GET /api/users/{id}/history: the account's changes, newest first. */
export function useUserHistoryQuery(id: number) {
  return useQuery({
    queryKey: userKeys.history(id),
    queryFn: async ({ signal }) =>
      userHistoryResponseSchema.parse(await api.get(`/users/${id}/history`, { signal })).data,
  });
}

/** The Users or Crew members grid: the accounts of one kind, newest first. */
export function useAccountsQuery(kind: 'staff' | 'crew', page: GridPage) {
  return useQuery({
    queryKey: userKeys.list(kind, page),
    queryFn: async ({ signal }) =>
      userPageSchema.parse(
        await api.get('/users', {
          query: { 'filter[kind]': kind, sort: '-id', page: page.page + 1, limit: page.pageSize },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBbCrewsQuery(page: GridPage) {
  return useQuery({
    queryKey: userKeys.list('bb-crew', page),
    queryFn: async ({ signal }) =>
      bbCrewPageSchema.parse(
        await api.get('/bb-crews', { query: { sort: '-id', page: page.page + 1, limit: page.pageSize }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One account as its form edits it; nothing to load for a new one (id 0). */
export function useAccountQuery(kind: AccountKind, id: number) {
  return useQuery({
    queryKey: userKeys.one(kind, id),
    enabled: id > 0,
    queryFn: async ({ signal }) =>
      userDetailResponseSchema.parse(await api.get(`${ACCOUNT_KINDS[kind].path}/${id}`, { signal })).data,
  });
}

/** Creates (with an Idempotency-Key, so a retry after a lost answer creates once) or edits from the version read. */
export function useSaveAccountMutation(kind: AccountKind, account: UserDetail | undefined) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const path = ACCOUNT_KINDS[kind].path;
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      userSavedResponseSchema.parse(
        account
          ? await api.patch(`${path}/${account.id}`, { ...body, version: account.version })
          : await api.post(path, body, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: async (_data, error) => {
      if (!account) idempotencyKey.settle(error);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useCrewPaymentsQuery(page: GridPage) {
  return useQuery({
    queryKey: userKeys.payments(page),
    queryFn: async ({ signal }) =>
      paymentPageSchema.parse(
        await api.get('/crew-payments', { query: { page: page.page + 1, limit: page.pageSize }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Uploads a payment file under a title: all its rows are saved, or none and each bad line is named. */
export function useUploadPaymentsMutation() {
  return useTitledUploadMutation({
    path: '/crew-payments/upload',
    answerSchema: crewPaymentsUploadedSchema,
    invalidates: ['crew-payments'],
  });
}

/** Saves the xlsx template of a payment file. */
export async function downloadPaymentTemplate(): Promise<void> {
  const file = await api.download('/crew-payments/template');
  saveFile(file.blob, file.filename ?? 'crew-payments-template.xlsx');
}

/** The markets a B&B crew member may work in. */
export function useMarketsQuery() {
  return useQuery({
    queryKey: ['markets'],
    queryFn: async ({ signal }) => marketListSchema.parse(await api.get('/markets', { signal })).data,
    staleTime: 5 * 60_000,
  });
}
