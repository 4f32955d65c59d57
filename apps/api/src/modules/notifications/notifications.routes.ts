import { markNotificationsReadSchema, notificationSchema, STAFF_ROLES, updateNotificationSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { NotificationSockets } from './notification-sockets';
import { notificationsList } from './notifications.list';
import type { NotificationsService } from './notifications.service';

export const NOT_A_WEBSOCKET_MESSAGE = 'Open this address as a WebSocket';

export const notificationsRoutes: FastifyPluginAsyncZod<{
  service: NotificationsService;
  sockets: NotificationSockets;
}> = async (app, { service, sockets }) => {
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
      toListResponse(await service.list(requireUser(request), request.query), request.query, request.url),
  });

  // Public at the HTTP level because a browser cannot send headers with a WebSocket: the socket's first message
  // carries the access token, and a socket without a valid one is closed with nothing sent.
  app.route({
    method: 'GET',
    url: '/stream',
    config: { access: 'public' },
    schema: {
      tags,
      summary: "A WebSocket pushing the caller's notifications as they are raised or change",
      description:
        'Open as a WebSocket and send {"type":"hello","token":"<access token>","afterId":<newest id held>} first. ' +
        'The server answers {"type":"ready"}, then each notification after afterId, then each one as it happens, ' +
        'as {"type":"notification","data":{...}}. Without a valid hello within 10 s the socket is closed (4401). ' +
        'Succeeds with 101 Switching Protocols.',
      response: errorResponses(426),
    },
    // Succeeds with 101 Switching Protocols; a plain request is told to upgrade.
    handler: (_request, reply) => {
      void reply.header('upgrade', 'websocket');
      throw new HttpError(426, NOT_A_WEBSOCKET_MESSAGE);
    },
    wsHandler: (socket) => sockets.accept(socket),
  });

  app.patch('/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags,
      summary: "Mark one of the caller's notifications read (status 0) or unread again (status 1)",
      params: idParamsSchema,
      body: updateNotificationSchema,
      response: { 200: z.object({ data: notificationSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await service.setStatus(requireUser(request), request.params.id, request.body.status),
    }),
  });

  app.patch('', {
    config: { access: STAFF_ROLES },
    schema: {
      tags,
      summary: "Mark several of the caller's notifications read (others' ids are ignored)",
      body: markNotificationsReadSchema,
      response: { 200: z.object({ updated: z.number().int() }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ updated: await service.markManyRead(requireUser(request), request.body.ids) }),
  });
};
