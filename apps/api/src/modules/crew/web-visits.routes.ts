import { completedServiceSchema, idParamSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCustomer } from '../../http/auth';
import { sendInlineFile } from '../../http/file-reply';
import { listResponseSchema, parseListQueryOrThrow, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { customerScopeOf } from '../payments/payments.service';
import { completedServicesList } from './completed-services.list';
import type { VisitsService } from './visits.service';

const webVisitsQuerySchema = z.object({
  propertyId: idParamSchema,
  page: z.string().optional().describe('Page number, from 1.'),
});

/**
 * The customer web account's proof of service, under /api/web: the completed services of the caller's own
 * properties and their photos. Another customer's property, visit or photo answers 404.
 */
export const webVisitsRoutes: FastifyPluginAsyncZod<{ service: VisitsService }> = async (app, { service }) => {
  const tags = ['customer'];
  const access = { customer: 'calendar' } as const;

  app.get('/visits', {
    config: { access },
    schema: {
      tags,
      summary:
        "The visits a crew checked out of at one of the customer's own properties, newest first, 10 a page, with their photos",
      querystring: webVisitsQuerySchema,
      response: { 200: listResponseSchema(completedServiceSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { propertyId, page } = request.query;
      const query = parseListQueryOrThrow(completedServicesList, page === undefined ? {} : { page });
      const scope = customerScopeOf(requireCustomer(request));
      return toListResponse(await service.customerCompletedServices(scope, propertyId, query), query, request.url);
    },
  });

  app.get('/visits/:visitId/photos/:photoId', {
    config: { access },
    schema: {
      tags,
      summary: "A photo of a completed visit to one of the customer's own properties (any other answers 404)",
      params: z.object({ visitId: idParamSchema, photoId: idParamSchema }),
      produces: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
      response: { 200: z.unknown().describe('The photo'), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => {
      const { visitId, photoId } = request.params;
      const scope = customerScopeOf(requireCustomer(request));
      return sendInlineFile(reply, await service.customerPhoto(scope, visitId, photoId));
    },
  });
};
