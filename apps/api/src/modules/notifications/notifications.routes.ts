import { markNotificationsReadSchema, notificationSchema, STAFF_ROLES, updateNotificationSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { notificationsList } from './notifications.list';
import type { NotificationsService } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (
  app,
  { service },
) => {
  const tags = ['notifications'];

  app.get('', {
    config: { access: STAFF_ROLES },
    schema: {
      tags,
      summary: "The caller's notifications (render=count counts only available ones, for the bell)",
      querystring: listQuerySchema(notificationsList),
      response: { 200: listResponseSchema(notificationSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      toListResponse(await service.list(requireUser(request).id, request.query), request.query, request.url),
  });

  app.patch('/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags,
      summary: "Mark one of the caller's notifications read",
      params: idParamsSchema,
      body: updateNotificationSchema,
      response: { 200: z.object({ data: notificationSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.markRead(requireUser(request).id, request.params.id) }),
  });

  app.patch('', {
    config: { access: STAFF_ROLES },
    schema: {
      tags,
      summary: "Mark several of the caller's notifications read (others' ids are ignored)",
      body: markNotificationsReadSchema,
      response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ updated: await service.markManyRead(requireUser(request).id, request.body.ids) }),
  });
};
