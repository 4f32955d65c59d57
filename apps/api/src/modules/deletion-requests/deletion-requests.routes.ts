import {
  DELETION_REQUEST_MESSAGES,
  deletionRequestQueryResponseSchema,
  deletionRequestResponseSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { DeletionRequestsService } from './deletion-requests.service';

/** 'Request deletion?' of a customer record, under /api/customers. */
export const deletionRequestsRoutes: FastifyPluginAsyncZod<{ service: DeletionRequestsService }> = async (
  app,
  { service },
) => {
  const tags = ['customers'];

  app.get('/:id/deletion-request', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The record's deletion request, or null when nobody asked yet",
      params: idParamsSchema,
      response: { 200: deletionRequestQueryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.find(request.params.id) }),
  });

  app.post('/:id/deletion-request', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Ask the Admins and Managers to delete the record (201); one request per record (200 when it exists)',
      params: idParamsSchema,
      response: {
        200: deletionRequestResponseSchema,
        201: deletionRequestResponseSchema,
        ...errorResponses(400, 401, 403, 404, 409),
      },
    },
    handler: async (request, reply) => {
      const { isNew, request: created } = await service.request(request.params.id, requireUser(request));
      return reply.status(isNew ? 201 : 200).send({ message: DELETION_REQUEST_MESSAGES.requested, data: created });
    },
  });
};
