import {
  fifthMowApplyResponseSchema,
  fifthMowEligibilityResponseSchema,
  specialRequestPopupResponseSchema,
  type FifthMowApply,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';

/** Under the record's notes (['notes', id]): whatever reloads its notes reloads these too. */
const fifthMowKeys = {
  eligibility: (customerId: number) => ['notes', customerId, 'fiveMow'] as const,
  popup: (customerId: number) => ['notes', customerId, 'popup'] as const,
};

/** GET /api/customers/{id}/fiveMow, read afresh each time the dialog opens. */
export function useFifthMowEligibilityQuery(customerId: number) {
  return useQuery({
    queryKey: fifthMowKeys.eligibility(customerId),
    queryFn: async ({ signal }) =>
      fifthMowEligibilityResponseSchema.parse(await api.get(`/customers/${customerId}/fiveMow`, { signal })).data,
    staleTime: 0,
  });
}

/** POST the 5th mow note; the dialog shows the errors. */
export function useApplyFifthMowMutation(customerId: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: FifthMowApply) =>
      fifthMowApplyResponseSchema.parse(
        await api.post(`/customers/${customerId}/fiveMow`, input, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => {
      idempotencyKey.settle(error);
      void queryClient.invalidateQueries({ queryKey: ['notes', customerId] });
      void queryClient.invalidateQueries({ queryKey: customerKeys.history(customerId) });
    },
  });
}

/** GET /api/customers/{id}/special-request-popup, read when the record opens. */
export function useSpecialRequestPopupQuery(customerId: number) {
  return useQuery({
    queryKey: fifthMowKeys.popup(customerId),
    queryFn: async ({ signal }) =>
      specialRequestPopupResponseSchema.parse(
        await api.get(`/customers/${customerId}/special-request-popup`, { signal }),
      ).data,
  });
}
