import {
  messageResponseSchema,
  OFFICE_ROLES,
  SERVICE_ZONE_EDIT_ROLES,
  SERVICE_ZONE_MESSAGES,
  serviceZoneInputSchema,
  serviceZonePatchSchema,
  serviceZoneResponseSchema,
  serviceZoneSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { serviceZonesList } from './service-zones.list';
import type { ServiceZonesService } from './service-zones.service';

/**
 * The service zones screen (/zip). Every office role may list the zones (whoever talks to a prospect needs a zip's
 * exceptions); only Admin and Manager add, change or delete them.
 */
export const serviceZonesRoutes: FastifyPluginAsyncZod<{ service: ServiceZonesService }> = async (app, { service }) => {
  const tags = ['service zones'];
  const editors = { access: SERVICE_ZONE_EDIT_ROLES };

  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Service zones (zip codes a market serves, with their exceptions), by zip code',
      querystring: listQuerySchema(serviceZonesList),
      response: { 200: listResponseSchema(serviceZoneSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.post('', {
    // A client retrying after a lost answer must not be told its own zip is taken.
    config: { ...editors, idempotent: true },
    schema: {
      tags,
      summary: 'Add a zip code to a market; a zip in the US zip data set takes its city and state from there',
      body: serviceZoneInputSchema,
      response: { 201: serviceZoneResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const zone = await service.create(request.body, requireUser(request).id);
      return reply.status(201).send({ data: zone, message: SERVICE_ZONE_MESSAGES.added });
    },
  });

  app.patch('/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Change a zone, sending the version it was read at (409 when someone changed it since)',
      params: idParamsSchema,
      body: serviceZonePatchSchema,
      response: { 200: serviceZoneResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const zone = await service.update(request.params.id, request.body, requireUser(request).id);
      return { data: zone, message: SERVICE_ZONE_MESSAGES.edited };
    },
  });

  app.delete('/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Delete a zone (it cannot be undone)',
      params: idParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.remove(request.params.id);
      return { message: SERVICE_ZONE_MESSAGES.deleted };
    },
  });
};
