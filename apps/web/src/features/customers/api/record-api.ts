import {
  customerListRowSchema,
  deletionRequestQueryResponseSchema,
  deletionRequestResponseSchema,
  orderDecisionResponseSchema,
  pageSchema,
  type NoteValuesInput,
  webAccountInvitationResponseSchema,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { calendarKeys, customerKeys } from '../../../lib/query-keys';
import { positionQuery, type RecordList } from '../record-search';

const positionPageSchema = pageSchema(customerListRowSchema);

/**
 * The record at a position of its list and the list's total: one row of the list, asked with the list's filter
 * and sort. Under the list keys, so any change to the lists refreshes it too.
 */
export function useRecordPositionQuery(list: RecordList, position: number | null) {
  const query = positionQuery(list, position ?? 1);
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: async ({ signal }) => {
      const page = positionPageSchema.parse(await api.get('/customers', { query, signal }));
      return { id: page.data[0]?.id ?? null, total: page.total };
    },
    enabled: position !== null,
  });
}

/**
 * After a decision the record, the lists and the calendar (the order status re-plans it) are stale. After a 409
 * (someone changed the record meanwhile) the record reloads, so the screen shows the newer values.
 */
function afterDecision(queryClient: QueryClient, id: number, error: unknown): void {
  if (error instanceof ApiError && error.status !== 409) return;
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists });
  void queryClient.invalidateQueries({ queryKey: calendarKeys.customer(id) });
}

/** POST approve from the version shown. */
export function useApproveOrderMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) =>
      orderDecisionResponseSchema.parse(await api.post(`/customers/${id}/approve`, { version })),
    onSettled: (_data, error) => afterDecision(queryClient, id, error),
  });
}

/** POST reject with the rejected note, from the version shown; the note dialog shows the errors. */
export function useRejectOrderMutation(id: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: NoteValuesInput & { version: number }) =>
      orderDecisionResponseSchema.parse(
        await api.post(`/customers/${id}/reject`, input, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => {
      idempotencyKey.settle(error);
      afterDecision(queryClient, id, error);
    },
  });
}

const deletionRequestKey = (id: number) => ['customers', 'deletionRequest', id] as const;

/** The record's deletion request, or null. */
export function useDeletionRequestQuery(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: deletionRequestKey(id),
    queryFn: async ({ signal }) =>
      deletionRequestQueryResponseSchema.parse(await api.get(`/customers/${id}/deletion-request`, { signal })).data,
    enabled: isEnabled,
  });
}

/** POST the record's deletion request (a second one creates nothing). */
export function useRequestDeletionMutation(id: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async () =>
      deletionRequestResponseSchema.parse(
        await api.post(`/customers/${id}/deletion-request`, undefined, { idempotencyKey: idempotencyKey.current() }),
      ).data,
    onSettled: (_data, error) => idempotencyKey.settle(error),
    onSuccess: (request) => queryClient.setQueryData(deletionRequestKey(id), request),
  });
}

/**
 * 'Send web-account invitation': gives the record's customer a web account if they have none and e-mails them a link
 * to set its password. The record's history gains an entry, so the record is read again.
 */
export function useWebAccountInvitationMutation(id: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async () =>
      webAccountInvitationResponseSchema.parse(
        await api.post(`/customers/${id}/web-account-invitation`, undefined, {
          idempotencyKey: idempotencyKey.current(),
        }),
      ),
    onSettled: (_data, error) => idempotencyKey.settle(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) }),
  });
}
