import { OFFICE_ROLES, userSummarySchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { usersList } from './users.list';
import type { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['users'],
      summary: 'List users',
      querystring: listQuerySchema(usersList),
      response: { 200: listResponseSchema(userSummarySchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });
};
