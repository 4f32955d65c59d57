import { referralChangesResponseSchema, referralListResponseSchema, type ReferralChanges } from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

export const referralKeys = {
  page: (isResign: boolean) => ['referrals', isResign ? 'no-resign' : 'active'] as const,
};

/** One referral page's markets with their referrals. */
export function useReferralsQuery(isResign: boolean) {
  return useQuery({
    queryKey: referralKeys.page(isResign),
    queryFn: async ({ signal }) =>
      referralListResponseSchema.parse(
        await api.get('/referral', { query: { 'filter[is_resign]': isResign ? 1 : 0 }, signal }),
      ).data,
  });
}

/**
 * Update: every pending change of the page in one call, applied all or nothing. It carries an Idempotency-Key, so
 * pressing Update again after a lost answer applies the changes once. The page shows refusals at their rows.
 */
export function useApplyReferralChangesMutation(isResign: boolean) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (changes: ReferralChanges) =>
      referralChangesResponseSchema.parse(
        await api.post('/referral/changes', changes, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: (answer) => queryClient.setQueryData(referralKeys.page(isResign), answer.data),
    onSettled: (_data, error) => idempotencyKey.settle(error),
  });
}
