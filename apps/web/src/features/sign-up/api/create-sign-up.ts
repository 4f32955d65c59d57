import { publicSignUpResponseSchema, type WebPaymentMethodChange } from '@lawn/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import type { SignUpState } from '../sign-up-state';
import { toSignUpRequest } from '../sign-up-request';

// Apart from the quote's look-ups: the order's schema brings the start-date rules and their holiday tables, which the
// quote page must not download.
type CreateSignUp = { state: SignUpState; payment: WebPaymentMethodChange; idempotencyKey: string };

/** POST /web/customers: the order of the sign-up. The billing page shows its failures itself. */
export function useCreateSignUpMutation() {
  return useMutation({
    mutationFn: async ({ state, payment, idempotencyKey }: CreateSignUp) =>
      publicSignUpResponseSchema.parse(
        await api.post('/web/customers', toSignUpRequest(state, payment), { idempotencyKey }),
      ).data,
    meta: FORM_SHOWS_ERRORS,
  });
}
