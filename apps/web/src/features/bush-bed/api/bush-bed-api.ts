import {
  bushBedCalendarResponseSchema,
  bushBedServiceResponseSchema,
  bushBedServicesResponseSchema,
  type BushBedCreate,
  type BushBedPatch,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';

/** Everything of a record's bush-and-bed work sits under one key, so a change reloads its list and calendar. */
const bushBedKeys = {
  all: (customerId: number) => ['bush-bed', customerId] as const,
  services: (customerId: number) => ['bush-bed', customerId, 'services'] as const,
  /** `year: null` asks for the server's default year. */
  calendar: (customerId: number, year: number | null) => ['bush-bed', customerId, 'calendar', year] as const,
};

export function useBushBedServicesQuery(customerId: number) {
  return useQuery({
    queryKey: bushBedKeys.services(customerId),
    queryFn: async ({ signal }) =>
      bushBedServicesResponseSchema.parse(await api.get(`/customers/${customerId}/bush-bed`, { signal })).data,
  });
}

/** GET /api/customers/{id}/bbCalendar: the weeks of a mow year with each week's service. */
export function useBushBedCalendarQuery(customerId: number, year: number | null) {
  return useQuery({
    queryKey: bushBedKeys.calendar(customerId, year),
    queryFn: async ({ signal }) =>
      bushBedCalendarResponseSchema.parse(
        await api.get(`/customers/${customerId}/bbCalendar`, { query: { year }, signal }),
      ).data,
    // The weeks stay on screen while another year loads.
    placeholderData: keepPreviousData,
  });
}

/** A service changed: its list and calendar reload, and so does the record (a new version and history entry). */
function afterChange(queryClient: QueryClient, customerId: number): void {
  void queryClient.invalidateQueries({ queryKey: bushBedKeys.all(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
}

/** POST a service; its modal shows the errors. */
export function useAddBushBedMutation(customerId: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: BushBedCreate) =>
      bushBedServiceResponseSchema.parse(
        await api.post(`/customers/${customerId}/bush-bed`, input, { idempotencyKey: idempotencyKey.current() }),
      ).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => idempotencyKey.settle(error),
    onSuccess: () => afterChange(queryClient, customerId),
  });
}

/** PATCH a service from the version its modal opened with; the modal shows the errors. */
export function useUpdateBushBedMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ serviceId, ...patch }: BushBedPatch & { serviceId: number }) =>
      bushBedServiceResponseSchema.parse(await api.patch(`/customers/${customerId}/bush-bed/${serviceId}`, patch)).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: () => afterChange(queryClient, customerId),
  });
}
