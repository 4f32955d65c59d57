import { completedServiceSchema, idParamSchema, OFFICE_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendInlineFile } from '../../http/file-reply';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { completedServicesList } from './completed-services.list';
import type { VisitsService } from './visits.service';

const photoParamsSchema = z.object({ id: idParamSchema, visitId: idParamSchema, photoId: idParamSchema });

/** A record's completed services and their photos, under /api/customers/{id}; `id` is the property id. */
export const completedServicesRoutes: FastifyPluginAsyncZod<{ service: VisitsService }> = async (app, { service }) => {
  const tags = ['crew'];

  app.get('/:id/completed-services', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The visits a crew checked out of, newest first, 10 a page, with their check-in and check-out photos',
      params: z.object({ id: idParamSchema }),
      querystring: listQuerySchema(completedServicesList),
      response: { 200: listResponseSchema(completedServiceSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toListResponse(await service.completedServices(request.params.id, request.query), request.query, request.url),
  });

  app.get('/:id/completed-services/:visitId/photos/:photoId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'A photo of a completed service',
      params: photoParamsSchema,
      produces: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
      response: { 200: z.unknown().describe('The photo'), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => {
      const { id, visitId, photoId } = request.params;
      return sendInlineFile(reply, await service.photo(id, visitId, photoId));
    },
  });
};
