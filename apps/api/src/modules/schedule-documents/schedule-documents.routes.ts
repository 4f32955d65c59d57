import { calendarYearQuerySchema, CALENDAR_MESSAGES, OFFICE_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { ScheduleDocumentsService } from './schedule-documents.service';

/**
 * Registered under /api/customers next to the customer routes: the static first segments (downloadSchedule,
 * sendSchedule) win over the customer routes' `/:id` in Fastify's router, so the two plugins never clash.
 */
export const scheduleDocumentsRoutes: FastifyPluginAsyncZod<{ service: ScheduleDocumentsService }> = async (
  app,
  { service },
) => {
  const tags = ['customers'];
  const config = { access: OFFICE_ROLES };

  app.get('/downloadSchedule/:id', {
    config,
    schema: {
      tags,
      summary: "The property's schedule of a year (default: the calendar's year) as a PDF a customer can read",
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      produces: ['application/pdf'],
      response: { 200: z.unknown().describe('The PDF, as an attachment'), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const document = await service.download(request.params.id, request.query.year);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${document.filename}"`)
        .send(document.pdf);
    },
  });

  app.get('/sendSchedule/:id', {
    config,
    schema: {
      tags,
      summary: "E-mail the property's schedule PDF of a year to the customer; recorded in the history",
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      await service.send(request.params.id, request.query.year, requireUser(request));
      return { message: CALENDAR_MESSAGES.mailSent };
    },
  });
};
