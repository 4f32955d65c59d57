import {
  calendarYearQuerySchema,
  OFFICE_ROLES,
  TODO_MESSAGES,
  todoPatchSchema,
  todoResponseSchema,
  todosResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { TodosService } from './todos.service';

/** A property's to-dos (staff's reminders on its weeks), under /api/customers; `id` is the property id. */
export const todosRoutes: FastifyPluginAsyncZod<{ service: TodosService }> = async (app, { service }) => {
  const tags = ['calendar'];

  app.get('/:id/calendar/todo', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The to-dos of a mow year (default: the current one), by week; an open one marks its calendar week',
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      response: { 200: todosResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.list(request.params.id, request.query) }),
  });

  app.patch('/:id/todos', {
    // Without a version it adds the week's to-do: a retry with the same Idempotency-Key answers the first answer.
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary:
        "Set one week's to-do: add it (no version; 409 when the week has one) or change it from the version read " +
        '(409 when stale); recorded in the history',
      params: idParamsSchema,
      body: todoPatchSchema,
      response: { 200: todoResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: TODO_MESSAGES.saved,
      data: await service.save(request.params.id, request.body, requireUser(request)),
    }),
  });
};
