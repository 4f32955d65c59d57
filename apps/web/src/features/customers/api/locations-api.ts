import {
  locationResponseSchema,
  locationsResponseSchema,
  messageResponseSchema,
  verifyAccountResponseSchema,
  type CustomerDetail,
  type Location,
  type LocationCreate,
  type LocationPatch,
} from '@lawn/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';
import { customerResponseSchema } from './customers-api';

const locationsKey = (id: number) => ['customers', 'locations', id] as const;

const fetchLocations = async (id: number, signal?: AbortSignal): Promise<Location[]> =>
  locationsResponseSchema.parse(await api.get(`/customers/${id}/locations`, { signal })).data;

export function useLocationsQuery(id: number) {
  return useQuery({ queryKey: locationsKey(id), queryFn: ({ signal }) => fetchLocations(id, signal) });
}

/**
 * Reloads the record's locations now (the tab's list too) and answers one of them as the server has it, or null once
 * it is removed: what an edit refused as stale shows next.
 */
export function useFreshLocation(id: number) {
  const queryClient = useQueryClient();
  return async (locationId: number): Promise<Location | null> => {
    const locations = await queryClient.fetchQuery({
      queryKey: locationsKey(id),
      queryFn: ({ signal }) => fetchLocations(id, signal),
      staleTime: 0,
    });
    return locations.find((location) => location.id === locationId) ?? null;
  };
}

/** A location changed: the tab reloads, and so does the record (it has a new version and editor). */
function afterLocationChange(queryClient: QueryClient, id: number): void {
  void queryClient.invalidateQueries({ queryKey: locationsKey(id) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) });
}

/** POST a location; its form shows the errors. */
export function useAddLocationMutation(id: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: LocationCreate) =>
      locationResponseSchema.parse(
        await api.post(`/customers/${id}/locations`, input, { idempotencyKey: idempotencyKey.current() }),
      ).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => idempotencyKey.settle(error),
    onSuccess: () => afterLocationChange(queryClient, id),
  });
}

/** PATCH a location from the version its form started with; the form shows the errors. */
export function useUpdateLocationMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ locationId, ...patch }: LocationPatch & { locationId: number }) =>
      locationResponseSchema.parse(await api.patch(`/customers/${id}/locations/${locationId}`, patch)).data,
    meta: FORM_SHOWS_ERRORS,
    onSuccess: () => afterLocationChange(queryClient, id),
  });
}

export function useRemoveLocationMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locationId: number) =>
      messageResponseSchema.parse(await api.delete(`/customers/${id}/locations/${locationId}`)),
    onSuccess: () => afterLocationChange(queryClient, id),
  });
}

/**
 * Verifies an account number: the live customer record holding it, or null when no live record does.
 */
export async function findCustomerByAccount(account: string): Promise<CustomerDetail | null> {
  const found = verifyAccountResponseSchema.parse(await api.get('/customers/verify/account', { query: { account } }));
  if (found.data.id === undefined) return null;
  return customerResponseSchema.parse(await api.get(`/customers/${found.data.id}`)).data;
}
