import {
  BUSH_BED_MESSAGES,
  bushBedCalendarResponseSchema,
  bushBedCreateSchema,
  bushBedPatchSchema,
  bushBedServiceResponseSchema,
  bushBedServiceSchema,
  bushBedServicesResponseSchema,
  calendarYearQuerySchema,
  idParamSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { BushBedServiceApi } from './bush-bed.service';

const serviceParamsSchema = z.object({ id: idParamSchema, serviceId: idParamSchema });

/** A customer record's bush-and-bed services and calendar, under /api/customers; `id` is the property id. */
export const bushBedRoutes: FastifyPluginAsyncZod<{ service: BushBedServiceApi }> = async (app, { service }) => {
  const tags = ['bush-bed'];

  app.get('/:id/bush-bed', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The record's bush-and-bed services, by year and week",
      params: idParamsSchema,
      response: { 200: bushBedServicesResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.list(request.params.id) }),
  });

  app.post('/:id/bush-bed', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Book a bush-and-bed service on a week without one; recorded in the history',
      params: idParamsSchema,
      body: bushBedCreateSchema,
      response: { 201: bushBedServiceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const created = await service.create(request.params.id, request.body, requireUser(request));
      return reply.status(201).send({ message: BUSH_BED_MESSAGES.created, data: created });
    },
  });

  app.get('/:id/bush-bed/:serviceId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'One bush-and-bed service of the record',
      params: serviceParamsSchema,
      response: { 200: z.object({ data: bushBedServiceSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(request.params.id, request.params.serviceId) }),
  });

  app.patch('/:id/bush-bed/:serviceId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Edit a bush-and-bed service from the version read (409 when it changed since); recorded in the history',
      params: serviceParamsSchema,
      body: bushBedPatchSchema,
      response: { 200: bushBedServiceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: BUSH_BED_MESSAGES.updated,
      data: await service.update(request.params.id, request.params.serviceId, request.body, requireUser(request)),
    }),
  });

  app.get('/:id/bbCalendar', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The bush-and-bed calendar of a mow year (default: the current one): the weeks with each week's service",
      params: idParamsSchema,
      querystring: calendarYearQuerySchema,
      response: { 200: bushBedCalendarResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.calendar(request.params.id, request.query) }),
  });
};
