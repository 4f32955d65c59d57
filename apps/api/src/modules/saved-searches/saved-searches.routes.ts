import {
  customerListRowSchema,
  LOOKUP_MESSAGES,
  OFFICE_ROLES,
  pageSchema,
  savedSearchCreateSchema,
  savedSearchSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse, toPage } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { savedSearchesList } from './saved-searches.list';
import type { SavedSearchesService } from './saved-searches.service';

const messageSchema = z.object({ message: z.string() });

/**
 * A person's saved lookups. They are saved through POST here only: the customer list call does not also save a
 * search when sent a name and isSave=1, so the list stays a read and a save has its own Idempotency-Key.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ service: SavedSearchesService }> = async (
  app,
  { service },
) => {
  const tags = ['saved-searches'];
  const config = { access: OFFICE_ROLES };

  app.get('', {
    config,
    schema: {
      tags,
      summary: "The caller's saved searches, newest first, 10 a page",
      querystring: listQuerySchema(savedSearchesList),
      response: { 200: listResponseSchema(savedSearchSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      toListResponse(await service.list(requireUser(request).id, request.query), request.query, request.url),
  });

  app.post('', {
    // A client retrying a save after a lost answer must not save the search twice.
    config: { ...config, idempotent: true },
    schema: {
      tags,
      summary: "Save a lookup under a name: the customer list's filter string (filter[a]=1&filter[b]=2)",
      body: savedSearchCreateSchema,
      response: {
        201: z.object({ data: savedSearchSchema, message: z.string() }),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request, reply) => {
      const saved = await service.create(requireUser(request).id, request.body);
      return reply.status(201).send({ data: saved, message: LOOKUP_MESSAGES.saved });
    },
  });

  app.get('/:id/customers', {
    config,
    schema: {
      tags,
      summary: "Process a saved search: the customer list's first page for its filter",
      params: idParamsSchema,
      response: { 200: pageSchema(customerListRowSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const { query, result } = await service.customers(requireUser(request).id, request.params.id);
      return toPage(result.render === 'paginate' ? result.rows : [], result.total, query, request.url);
    },
  });

  app.delete('/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete one of the caller’s saved searches',
      params: idParamsSchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.remove(requireUser(request).id, request.params.id);
      return { message: LOOKUP_MESSAGES.deleted };
    },
  });
};
