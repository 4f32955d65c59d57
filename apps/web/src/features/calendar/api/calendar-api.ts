import {
  activitiesResponseSchema,
  calendarResponseSchema,
  customerDetailSchema,
  messageResponseSchema,
  scheduleChangeResponseSchema,
  serviceNotesResponseSchema,
  skipsCountResponseSchema,
  type CalendarFilter,
  type CustomerPatch,
  type ScheduleChangeRequest,
  type ServiceNoteType,
} from '@lawn/shared';
import {
  keepPreviousData,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { calendarKeys, customerKeys } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';

const customerResponseSchema = z.object({ data: customerDetailSchema });

/**
 * GET /api/customers/{id}/calendar. Without a year the server picks the default one: the previous year in January
 * and February, the current one otherwise.
 */
export function useCalendarQuery(customerId: number, year: number | null, filter: CalendarFilter) {
  return useQuery({
    queryKey: calendarKeys.weeks(customerId, year, filter),
    queryFn: async ({ signal }) =>
      calendarResponseSchema.parse(
        await api.get(`/customers/${customerId}/calendar`, { query: { year, filter }, signal }),
      ).data,
    // The weeks stay on screen (dimmed) while another year or range loads, instead of a jump to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useActivitiesQuery(customerId: number, year: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.activities(customerId, year ?? 0),
    queryFn: async ({ signal }) =>
      activitiesResponseSchema.parse(
        await api.get(`/customers/${customerId}/calendar/activities`, { query: { year }, signal }),
      ).data,
    enabled: year !== undefined,
  });
}

export function useSkipsCountQuery(customerId: number, year: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.skipsCount(customerId, year ?? 0),
    queryFn: async ({ signal }) =>
      skipsCountResponseSchema.parse(await api.get(`/customers/${customerId}/skipsCount`, { query: { year }, signal }))
        .data.count,
    enabled: year !== undefined,
  });
}

export function useServiceNotesQuery(customerId: number, year: number | undefined) {
  return useQuery({
    queryKey: calendarKeys.serviceNotes(customerId, year ?? 0),
    queryFn: async ({ signal }) =>
      serviceNotesResponseSchema.parse(
        await api.get(`/customers/${customerId}/service-notes`, { query: { year }, signal }),
      ).data,
    enabled: year !== undefined,
  });
}

/**
 * After any schedule change the weeks, activities, skips count and service notes may all differ, and the record
 * (its history above all) has a new entry.
 */
export function invalidateSchedule(queryClient: QueryClient, customerId: number): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: calendarKeys.customer(customerId) }),
    queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) }),
  ]).then(() => undefined);
}

/**
 * PATCH /api/customers/{id}/attributes: created, removed, skip, write or redo for one week. The Skip, Write in and
 * Redo modals show their own errors and pass `meta: FORM_SHOWS_ERRORS`.
 */
export function useScheduleChangeMutation(customerId: number, options: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: calendarKeys.change(customerId),
    mutationFn: async (change: ScheduleChangeRequest) =>
      scheduleChangeResponseSchema.parse(await api.patch(`/customers/${customerId}/attributes`, change)),
    meta: options.meta,
    onSuccess: () => invalidateSchedule(queryClient, customerId),
  });
}

/** Weeks whose change is still being saved (several can be in flight at once). */
export function usePendingChangeWeeks(customerId: number): number[] {
  return useMutationState({
    filters: { mutationKey: calendarKeys.change(customerId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as ScheduleChangeRequest | undefined)?.week ?? 0,
  });
}

export type WinterOption = { year: number; hasWinter: boolean };

/** The 'Opt. winter' checkbox: PATCH /api/customers/{id} with the winter option, saved per year. */
export function useWinterOptionMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, hasWinter }: WinterOption) =>
      customerResponseSchema.parse(
        await api.patch(`/customers/${customerId}`, { winterScheduleStatus: hasWinter, year } satisfies CustomerPatch),
      ).data,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customerId), customer);
      return invalidateSchedule(queryClient, customerId);
    },
  });
}

/** Names one skip, write-in or redo. */
export type ServiceNoteRef = { type: ServiceNoteType; year: number; week: number };

export function useDeleteServiceNoteMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: ServiceNoteRef) =>
      messageResponseSchema.parse(
        await api.request(`/customers/${customerId}/service-notes`, {
          method: 'DELETE',
          body: { type: note.type, year: note.year, week: note.week },
        }),
      ),
    onSuccess: () => invalidateSchedule(queryClient, customerId),
  });
}

/** Sent by the note-edit form, which shows its errors. */
export function useEditServiceNoteMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_ERRORS,
    mutationFn: async (note: ServiceNoteRef & { message: string }) =>
      messageResponseSchema.parse(
        await api.patch(`/customers/${customerId}/service-notes`, {
          type: note.type,
          year: note.year,
          week: note.week,
          message: note.message,
        }),
      ),
    onSuccess: () => invalidateSchedule(queryClient, customerId),
  });
}

/** GET /api/customers/downloadSchedule/{id}: the year's schedule as a PDF, saved under the server's name. */
export function useDownloadScheduleMutation(customerId: number) {
  return useMutation({
    mutationFn: async ({ year, fallbackName }: { year: number; fallbackName: string }) => {
      const file = await api.download(`/customers/downloadSchedule/${customerId}`, {
        query: { year },
        accept: 'application/pdf',
      });
      saveFile(file.blob, file.filename ?? fallbackName);
    },
  });
}

/** GET /api/customers/sendSchedule/{id}: e-mails the PDF; answers 'The mail was sent correctly'. */
export function useSendScheduleMutation(customerId: number) {
  return useMutation({
    mutationFn: async (year: number) =>
      messageResponseSchema.parse(await api.get(`/customers/sendSchedule/${customerId}`, { query: { year } })),
  });
}
