import {
  customerPaymentPropertyResponseSchema,
  paymentKeyResponseSchema,
  paymentMethodChangeResponseSchema,
  paymentPropertiesResponseSchema,
  paymentPropertyResponseSchema,
  verifyAccountResponseSchema,
  type PaymentProperty,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';
import type { PaymentChange } from '../payment-forms';

/**
 * Whose pages these are: staff reach any customer's properties (`/customers/...`); a customer, signed in or holding
 * an external token, only their own (`/customer/...`).
 */
export type PaymentAudience = 'staff' | 'customer';

const paths = {
  staff: {
    list: (id: number | null) => `/customers/${id}/payment-methods`,
    one: (id: number) => `/customers/${id}/payment-method`,
    change: (id: number) => `/customers/${id}/update-credit-card`,
  },
  customer: {
    list: () => '/customer/payment-methods',
    one: (id: number) => `/customer/${id}/payment-method`,
    change: (id: number) => `/customer/${id}/update-credit-card`,
  },
} as const;

export const paymentKeys = {
  all: ['payments'] as const,
  key: ['payments', 'public-key'] as const,
  list: (audience: PaymentAudience, id: number | null) => ['payments', audience, 'list', id] as const,
  one: (audience: PaymentAudience, id: number) => ['payments', audience, 'one', id] as const,
};

/** The properties of the payment list: staff ask by one property id (its customer's all), a customer for theirs. */
export function usePaymentPropertiesQuery(audience: PaymentAudience, id: number | null) {
  return useQuery({
    queryKey: paymentKeys.list(audience, id),
    queryFn: async ({ signal }) =>
      paymentPropertiesResponseSchema.parse(await api.get(paths[audience].list(id), { signal })).data,
    enabled: audience === 'customer' || id !== null,
  });
}

/**
 * One property for its payment form, and whether a change must carry the identity check (the server says so for a
 * customer who came through a phone or account-number look-up; staff and signed-in customers are never asked).
 */
export type PaymentFormProperty = { property: PaymentProperty; identityCheck: boolean };

export function usePaymentPropertyQuery(audience: PaymentAudience, id: number) {
  return useQuery({
    queryKey: paymentKeys.one(audience, id),
    queryFn: async ({ signal }): Promise<PaymentFormProperty> => {
      const body = await api.get(paths[audience].one(id), { signal });
      if (audience === 'staff')
        return { property: paymentPropertyResponseSchema.parse(body).data, identityCheck: false };
      const { data, identityCheck } = customerPaymentPropertyResponseSchema.parse(body);
      return { property: data, identityCheck };
    },
  });
}

/** The gateway's public key; it changes only with the installation, so it is fetched once per visit. */
export function usePaymentKeyQuery() {
  return useQuery({
    queryKey: paymentKeys.key,
    queryFn: async ({ signal }) =>
      paymentKeyResponseSchema.parse(await api.get('/payments/public-key', { signal })).data,
    staleTime: Infinity,
  });
}

/** A change as sent: the staff route takes the method only, the customer route the identity check with it. */
export type PaymentChangeRequest = { change: PaymentChange; idempotencyKey: string };

/** PATCH .../update-credit-card. The form shows a failure itself, in the 'Error' dialog. */
export function useChangePaymentMethodMutation(audience: PaymentAudience, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ change, idempotencyKey }: PaymentChangeRequest) =>
      paymentMethodChangeResponseSchema.parse(await api.patch(paths[audience].change(id), change, { idempotencyKey })),
    meta: FORM_SHOWS_ERRORS,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      // The record shows the card type and status, which a change can move.
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists });
    },
  });
}

/** Staff open the payment list of an account number typed in: the live property holding it, if any. */
export function useAccountLookupMutation() {
  return useMutation({
    mutationFn: async (account: string) =>
      verifyAccountResponseSchema.parse(await api.get('/customers/verify/account', { query: { account } })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}
