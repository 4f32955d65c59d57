import {
  idParamSchema,
  messageResponseSchema,
  OFFICE_ROLES,
  visitConfirmationSchema,
  visitToConfirmSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import type { VisitConfirmationsService } from './visit-confirmations.service';
import { visitsToConfirmList } from './visits-to-confirm.list';

/** The office's list of visits to confirm, under /api/billing. */
export const visitsToConfirmRoutes: FastifyPluginAsyncZod<{ service: VisitConfirmationsService }> = async (
  app,
  { service },
) => {
  const tags = ['billing'];

  app.get('/visits-to-confirm', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'Scheduled mows no crew checked out of by the end of the next business day, not billed: oldest first, 10 a page',
      querystring: listQuerySchema(visitsToConfirmList),
      response: { 200: listResponseSchema(visitToConfirmSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.post('/visits-to-confirm/:id/confirm', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'Settle a visit on the list once: done bills it (the next billing run charges it), skipped marks its week skipped; 409 when it was settled or checked out meanwhile',
      params: z.object({ id: idParamSchema }),
      body: visitConfirmationSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => service.confirm(request.params.id, request.body.result, requireUser(request)),
  });
};
