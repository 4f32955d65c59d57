import {
  marketDepotResponseSchema,
  marketDepotSchema,
  marketListSchema,
  marketResponseSchema,
  MARKET_SETTINGS_ROLES,
  STAFF_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { MarketsService } from './markets.service';

export const marketsRoutes: FastifyPluginAsyncZod<{ service: MarketsService }> = async (app, { service }) => {
  app.get('', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['markets'],
      summary: 'All markets by name, with tax rate, time zone and phone',
      response: { 200: marketListSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ data: await service.list() }),
  });

  app.get('/:id', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['markets'],
      summary: 'One market: its tax rate (the record’s taxRate) and office phone (phoneMarket)',
      params: idParamsSchema,
      response: { 200: marketResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(request.params.id) }),
  });
  app.put('/:id/depot', {
    config: { access: MARKET_SETTINGS_ROLES },
    schema: {
      tags: ['markets'],
      summary: 'Sets where the market’s crews start and end their day: the start and end of every ordered route',
      params: idParamsSchema,
      body: marketDepotSchema,
      response: { 200: marketDepotResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.setDepot(request.params.id, request.body) }),
  });
};
