import { OFFICE_ROLES, pickListOptionSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { pickListsList } from './pick-lists.list';
import type { PickListsService } from './pick-lists.service';

export const pickListsRoutes: FastifyPluginAsyncZod<{ service: PickListsService }> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['pick-lists'],
      summary: 'The options of the pick lists (how-heard sources and their options, billing reasons)',
      querystring: listQuerySchema(pickListsList),
      response: { 200: listResponseSchema(pickListOptionSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });
};
