import {
  customerDetailSchema,
  customerListRowSchema,
  messageResponseSchema,
  pageSchema,
  REPLAN_PATCH_FIELDS,
  type CustomerDetail,
  type CustomerPatch,
} from '@lawn/shared';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { calendarKeys, customerKeys } from '../../../lib/query-keys';

const customerPageSchema = pageSchema(customerListRowSchema);
export const customerResponseSchema = z.object({ data: customerDetailSchema });

export function useCustomerListQuery(query: Record<string, string | number>) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: async ({ signal }) => customerPageSchema.parse(await api.get('/customers', { query, signal })),
    // The grid keeps its row count (and so its page) while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomerQuery(id: number | null) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => customerResponseSchema.parse(await api.get(`/customers/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

function storeCustomer(queryClient: QueryClient, customer: CustomerDetail): void {
  queryClient.setQueryData(customerKeys.detail(customer.id), customer);
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists });
  // The edit has its entry in the record's history.
  void queryClient.invalidateQueries({ queryKey: customerKeys.history(customer.id) });
}

/** PATCH /api/customers/{id}. A form that shows its own errors passes `meta: FORM_SHOWS_ERRORS`. */
export function usePatchCustomerMutation(id: number, options: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: CustomerPatch) =>
      customerResponseSchema.parse(await api.patch(`/customers/${id}`, patch)).data,
    meta: options.meta,
    onSuccess: (customer, patch) => {
      storeCustomer(queryClient, customer);
      // The server may have re-planned the property's weeks: its calendar reloads.
      if (REPLAN_PATCH_FIELDS.some((field) => field in patch)) {
        void queryClient.invalidateQueries({ queryKey: calendarKeys.customer(id) });
      }
    },
  });
}

/** The two switches of the header card (cellphone, mail preference); each saves as soon as it is switched. */
export type CustomerToggle = { isCellphone: boolean } | { mailPreferences: 1 | 2 };

async function saveToggle(id: number, toggle: CustomerToggle): Promise<CustomerDetail | null> {
  const path = 'isCellphone' in toggle ? `/customers/${id}/type-cellphone` : `/customers/${id}`;
  const parsed = customerResponseSchema.safeParse(await api.patch(path, toggle));
  return parsed.success ? parsed.data.data : null;
}

/**
 * Shows the new value at once and puts the old one back if the server refuses. Only the toggled
 * field is restored, so a second toggle saved meanwhile is not undone.
 */
export function useCustomerToggleMutation(id: number) {
  const queryClient = useQueryClient();
  const key = customerKeys.detail(id);
  return useMutation({
    mutationFn: (toggle: CustomerToggle) => saveToggle(id, toggle),
    onMutate: async (toggle) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CustomerDetail>(key);
      if (before) queryClient.setQueryData<CustomerDetail>(key, { ...before, ...toggle });
      return { before };
    },
    onError: (_error, toggle, context) => {
      const before = context?.before;
      if (before) {
        const restored =
          'isCellphone' in toggle ? { isCellphone: before.isCellphone } : { mailPreferences: before.mailPreferences };
        queryClient.setQueryData<CustomerDetail>(key, (current) => (current ? { ...current, ...restored } : current));
      }
    },
    onSuccess: (customer) => {
      if (customer) storeCustomer(queryClient, customer);
      else void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** DELETE /api/customers/{id} (Admin and Manager). */
export function useDeleteCustomerMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => messageResponseSchema.parse(await api.delete(`/customers/${id}`)),
    // The record itself is dropped by the page once it has left it (see forgetDeletedCustomer),
    // so the still-mounted screen does not ask for it again and meet a 404.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
  });
}

export function forgetDeletedCustomer(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
}
