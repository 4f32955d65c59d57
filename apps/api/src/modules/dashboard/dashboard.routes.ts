import { dashboardQuerySchema, dashboardResponseSchema, OFFICE_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import type { DashboardService } from './dashboard.service';

/** The analytics dashboard: the office's landing page, so every office role reads it. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['dashboard'],
      summary:
        'Per market: signups per day and this week, paid revenue today and over the week, mowing capacity of the ' +
        'next weekdays, active customers and mows scheduled today',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.figures(request.query.market),
  });
};
