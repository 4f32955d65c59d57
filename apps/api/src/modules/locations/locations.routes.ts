import {
  idParamSchema,
  LOCATION_MESSAGES,
  locationCreateSchema,
  locationPatchSchema,
  locationResponseSchema,
  locationsResponseSchema,
  messageResponseSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { LocationsService } from './locations.service';

const locationParamsSchema = z.object({ id: idParamSchema, locationId: idParamSchema });

/** A customer record's other locations, under /api/customers; `id` is the property id. */
export const locationsRoutes: FastifyPluginAsyncZod<{ service: LocationsService }> = async (app, { service }) => {
  const tags = ['locations'];

  app.get('/:id/locations', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The record's active locations, oldest first",
      params: idParamsSchema,
      response: { 200: locationsResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.list(request.params.id) }),
  });

  app.post('/:id/locations', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: "Assign a location: street address, zip code and another live record's account number",
      params: idParamsSchema,
      body: locationCreateSchema,
      response: { 201: locationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const location = await service.add(request.params.id, request.body, requireUser(request));
      return reply.status(201).send({ message: LOCATION_MESSAGES.added, data: location });
    },
  });

  app.patch('/:id/locations/:locationId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'Edit a location from the version read (409 when it changed since), under the rules of a new one; recorded in the history',
      params: locationParamsSchema,
      body: locationPatchSchema,
      response: { 200: locationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: LOCATION_MESSAGES.updated,
      data: await service.update(request.params.id, request.params.locationId, request.body, requireUser(request)),
    }),
  });

  app.delete('/:id/locations/:locationId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Remove a location; recorded in the history',
      params: locationParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.remove(request.params.id, request.params.locationId, requireUser(request));
      return { message: LOCATION_MESSAGES.removed };
    },
  });
};
