import { marketListSchema, STAFF_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import type { MarketsService } from './markets.service';

export const marketsRoutes: FastifyPluginAsyncZod<{ service: MarketsService }> = async (app, { service }) => {
  app.get('', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['markets'],
      summary: 'All markets by name, with tax rate and time zone',
      response: { 200: marketListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ data: await service.list() }),
  });
};
