import { userSummarySchema, type Role } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { usersList } from './users.list';
import type { UsersService } from './users.service';

/** Office staff see the user list (CSR and crew pickers use it too); crew and customers do not. */
export const USERS_LIST_ROLES = [
  'Admin',
  'Manager',
  'Representative',
  'customer-service',
] as const satisfies readonly Role[];

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  app.get('', {
    config: { access: USERS_LIST_ROLES },
    schema: {
      tags: ['users'],
      summary: 'List users',
      querystring: listQuerySchema(usersList),
      response: { 200: listResponseSchema(userSummarySchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });
};
