import { todoResponseSchema, todosResponseSchema, type TodoPatch } from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { calendarKeys } from '../../../lib/query-keys';
import { invalidateSchedule } from './calendar-api';

/** Under the property's schedule key: a schedule reload reloads the to-dos too, and a to-do reloads the weeks. */
const todosKey = (customerId: number, year: number) => [...calendarKeys.customer(customerId), 'todos', year] as const;

/** GET /api/customers/{id}/calendar/todo: the to-dos of a mow year, by week. */
export function useTodosQuery(customerId: number, year: number | undefined) {
  return useQuery({
    queryKey: todosKey(customerId, year ?? 0),
    queryFn: async ({ signal }) =>
      todosResponseSchema.parse(await api.get(`/customers/${customerId}/calendar/todo`, { query: { year }, signal }))
        .data,
    enabled: year !== undefined,
  });
}

/**
 * PATCH /api/customers/{id}/todos: adds a week's to-do (no version, with an Idempotency-Key) or changes one from the
 * version shown. The weeks reload, since an open to-do marks its week. The caller shows the errors.
 */
export function useSaveTodoMutation(customerId: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (patch: TodoPatch) =>
      todoResponseSchema.parse(
        await api.patch(`/customers/${customerId}/todos`, patch, { idempotencyKey: idempotencyKey.current() }),
      ).data,
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => {
      idempotencyKey.settle(error);
      return invalidateSchedule(queryClient, customerId);
    },
  });
}
