import {
  AVAILABILITY_EDIT_ROLES,
  availabilitySlotsQuerySchema,
  availabilitySlotsResponseSchema,
  availabilityUpdateSchema,
  availabilityWeekQuerySchema,
  availabilityWeekResponseSchema,
  capacityRangeQuerySchema,
  capacityResponseSchema,
  marketAvailabilityParamsSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { AvailabilityService } from './availability.service';

/** The mow availability of each market under /api/mow-availabilities: the office reads it, Admin and Manager set it. */
export const availabilityRoutes: FastifyPluginAsyncZod<{ service: AvailabilityService }> = async (app, { service }) => {
  const tags = ['mow availability'];

  app.get('/markets/:marketId/slots', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The weeks of a market (8 from this week by default) with max mows, scheduled mows and locks per day',
      params: marketAvailabilityParamsSchema,
      querystring: availabilitySlotsQuerySchema,
      response: { 200: availabilitySlotsResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.slots(request.params.marketId, request.query),
  });

  app.get('/markets/:marketId/week', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'One week of a market (slotsWeek), with its version for the update',
      params: marketAvailabilityParamsSchema,
      querystring: availabilityWeekQuerySchema,
      response: { 200: availabilityWeekResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.week(request.params.marketId, request.query) }),
  });

  app.put('/markets/:marketId/week', {
    config: { access: AVAILABILITY_EDIT_ROLES },
    schema: {
      tags,
      summary:
        'Sets the max mows and the lock of the selected workdays of a week (updateWeek); a week changed since it was ' +
        'read answers 409',
      params: marketAvailabilityParamsSchema,
      body: availabilityUpdateSchema,
      response: { 200: availabilityWeekResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await service.updateWeek(request.params.marketId, request.body, requireUser(request).id),
    }),
  });

  app.get('/markets/:marketId/capacity', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Max mows, scheduled mows, what is left and the status of each day of a range (at most 92 days)',
      params: marketAvailabilityParamsSchema,
      querystring: capacityRangeQuerySchema,
      response: { 200: capacityResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.capacity(request.params.marketId, request.query) }),
  });
};
