import {
  ALARM_CHECK_INTERVAL_MS,
  ALARM_LIST_LIMIT,
  alarmResponseSchema,
  alarmSchema,
  alarmsDeletedResponseSchema,
  alarmsTodayResponseSchema,
  pageSchema,
  type Alarm,
  type AlarmCreateInput,
  type AlarmStatus,
} from '@lawn/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';

const alarmPageSchema = pageSchema(alarmSchema);

const alarmKeys = {
  all: ['alarms'] as const,
  today: ['alarms', 'today'] as const,
  list: (page: number) => ['alarms', 'list', { page }] as const,
};

/**
 * The caller's alarms of today (the top bar's list and what the 40 s check rings), fetched again at every check so
 * an alarm set or changed in another tab rings here too.
 */
export function useTodayAlarmsQuery() {
  return useQuery({
    queryKey: alarmKeys.today,
    queryFn: async ({ signal }) => alarmsTodayResponseSchema.parse(await api.get('/alarms/today', { signal })),
    refetchInterval: ALARM_CHECK_INTERVAL_MS,
    staleTime: 0,
  });
}

/** A page of the alarm list (Admin and Manager: everyone's), newest first, 50 a page. */
export function useAlarmsQuery(page: number) {
  return useQuery({
    queryKey: alarmKeys.list(page),
    queryFn: async ({ signal }) =>
      alarmPageSchema.parse(
        await api.get('/alarms', {
          query: { render: 'paginate', include: 'users', sort: '-id', limit: ALARM_LIST_LIMIT, page: page + 1 },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateAlarms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alarmKeys.all });
}

/** POST an alarm; the form shows its errors, and a retry after no answer reuses the Idempotency-Key. */
export function useCreateAlarmMutation() {
  const invalidate = useInvalidateAlarms();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: AlarmCreateInput) =>
      alarmResponseSchema.parse(await api.post('/alarms', input, { idempotencyKey: idempotencyKey.current() })),
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => {
      idempotencyKey.settle(error);
      return invalidate();
    },
  });
}

/** PATCH an alarm (edit or reschedule) from the version the form was opened with; a 409 reloads the list. */
export function useUpdateAlarmMutation() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: async ({ alarm, values }: { alarm: Alarm; values: AlarmCreateInput }) =>
      alarmResponseSchema.parse(await api.patch(`/alarms/${alarm.id}`, { ...values, version: alarm.version })),
    meta: FORM_SHOWS_ERRORS,
    onSettled: invalidate,
  });
}

/** Stop alarm, or the snooze switch. */
export function useAlarmStatusMutation() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: AlarmStatus }) =>
      alarmResponseSchema.parse(await api.patch(`/alarms/${id}/status`, status)),
    onSettled: invalidate,
  });
}

/** DELETE the selected alarms; the page says what went wrong. */
export function useDeleteAlarmsMutation() {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    meta: FORM_SHOWS_ERRORS,
    mutationFn: async (ids: readonly number[]) =>
      alarmsDeletedResponseSchema.parse(await api.request('/alarms', { method: 'DELETE', body: { ids } })),
    onSettled: invalidate,
  });
}
