import { externalCalendarQuerySchema, externalCalendarResponseSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireExternal } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { ExternalService } from './external.service';

/** Routes for customers holding an external access token (staff tokens get 401 here). */
export const externalRoutes: FastifyPluginAsyncZod<{ service: ExternalService }> = async (app, { service }) => {
  const tags = ['external'];

  app.get('/calendar', {
    config: { access: { external: 'calendar' } },
    schema: {
      tags,
      summary: "The token's property calendar of a year (default: the calendar's year), read-only",
      querystring: externalCalendarQuerySchema,
      response: { 200: externalCalendarResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.calendar(requireExternal(request).propertyId, request.query.year),
  });
};
