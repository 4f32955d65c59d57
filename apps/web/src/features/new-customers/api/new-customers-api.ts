import {
  lotSizeTableSchema,
  newCustomerResponseSchema,
  propertyDataResponseSchema,
  userSummarySchema,
  type StaffNewCustomerInput,
} from '@lawn/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

const csrListSchema = z.object({ data: z.array(userSummarySchema) });

/** The active customer-service users: the wizard's CSR choices. */
export function useCsrUsersQuery() {
  return useQuery({
    queryKey: ['users', 'csr'],
    queryFn: async ({ signal }) =>
      csrListSchema.parse(
        await api.get('/users', {
          query: { 'filter[role]': 'customer-service', 'filter[status]': 1, limit: 100 },
          signal,
        }),
      ).data,
  });
}

/** The lot-size options of a market's price table. */
export function useLotSizeOptionsQuery(marketId: number | null) {
  return useQuery({
    queryKey: ['base-price', marketId],
    queryFn: async ({ signal }) =>
      lotSizeTableSchema.parse(await api.get('/base-price', { query: { marketId }, signal })).data,
    enabled: marketId !== null,
  });
}

/** The county's owner, lot size and value of an address. */
export function usePropertyDataMutation() {
  return useMutation({
    mutationFn: async (query: { address: string; zipcode: string }) =>
      propertyDataResponseSchema.parse(await api.get('/places/property-data', { query })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}

export type CreateCustomerRequest = { body: StaffNewCustomerInput; idempotencyKey: string };

export function useCreateCustomerMutation() {
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: CreateCustomerRequest) =>
      newCustomerResponseSchema.parse(await api.post('/customers', body, { idempotencyKey })).data,
    meta: FORM_SHOWS_ERRORS,
  });
}
