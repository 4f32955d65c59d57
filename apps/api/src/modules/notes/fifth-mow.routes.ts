import {
  FIFTH_MOW_MESSAGES,
  fifthMowApplyResponseSchema,
  fifthMowApplySchema,
  fifthMowEligibilityResponseSchema,
  OFFICE_ROLES,
  specialRequestPopupResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { FifthMowService } from './fifth-mow.service';

/** The 5th mow discount and the pop-up on opening a record, under /api/customers; `id` is the property id. */
export const fifthMowRoutes: FastifyPluginAsyncZod<{ service: FifthMowService }> = async (app, { service }) => {
  const tags = ['notes'];

  app.get('/:id/fiveMow', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Whether the customer qualifies for the 5th mow discount: new, paying by e-check, not received yet',
      params: idParamsSchema,
      response: { 200: fifthMowEligibilityResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.eligibility(request.params.id) }),
  });

  app.post('/:id/fiveMow', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Apply the 5th mow discount with a 5th mow note (409 when it was received or does not qualify)',
      params: idParamsSchema,
      body: fifthMowApplySchema,
      response: { 201: fifthMowApplyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const note = await service.apply(request.params.id, request.body, requireUser(request));
      return reply.status(201).send({ message: FIFTH_MOW_MESSAGES.applied, data: note });
    },
  });

  app.get('/:id/special-request-popup', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'What staff must see on opening the record: pending declined-card billing notes and 5th mow notes',
      params: idParamsSchema,
      response: { 200: specialRequestPopupResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.popup(request.params.id) }),
  });
};
