import { dateInfoQuerySchema, dateInfoSchema, weeksQuerySchema, weeksResponseSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../http/openapi';
import type { HelperService } from './helper.service';

export const helperRoutes: FastifyPluginAsyncZod<{ service: HelperService }> = async (app, { service }) => {
  app.get('/weeks', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['schedule'],
      summary: 'The weeks of a mow year (Monday to Sunday) with the holidays in each',
      querystring: weeksQuerySchema,
      response: { 200: weeksResponseSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ year: request.query.year, data: service.weeks(request.query.year) }),
  });

  app.get('/date-info', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['schedule'],
      summary: 'The mow year, week, holidays and next business day of a date',
      querystring: dateInfoQuerySchema,
      response: { 200: z.object({ data: dateInfoSchema }), ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ data: service.dateInfo(request.query.date) }),
  });
};
