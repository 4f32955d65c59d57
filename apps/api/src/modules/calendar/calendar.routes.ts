import {
  activitiesResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  calendarYearQuerySchema,
  OFFICE_ROLES,
  scheduleChangeResponseSchema,
  scheduleChangeSchema,
  skipsCountResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { CalendarService } from './calendar.service';

/** A property's calendar, under /api/customers; `id` is the property id. */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (app, { service }) => {
  const tags = ['calendar'];

  app.get('/:id/calendar', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "A property's weeks of one mow year (default: the current one) with its services, skips and notes",
      params: idParamsSchema,
      querystring: calendarQuerySchema,
      response: { 200: calendarResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.calendar(request.params.id, request.query) }),
  });

  app.get('/:id/calendar/activities', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The year's services, skips, write-ins, redos and removed weeks, by date",
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      response: { 200: activitiesResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.activities(request.params.id, request.query) }),
  });

  app.patch('/:id/attributes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'One schedule change for a week (created, removed, skip, write, redo); answers the updated year',
      params: idParamsSchema,
      body: scheduleChangeSchema,
      response: { 200: scheduleChangeResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.changeSchedule(request.params.id, request.body, requireUser(request)),
  });

  app.get('/:id/skipsCount', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'How many skips the property has in a mow year (default: the current one)',
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      response: { 200: skipsCountResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.skipsCount(request.params.id, request.query) }),
  });
};
