import { propertyAnswersResponseSchema, STAFF_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { PropertyAnswersService } from './property-answers.service';

/**
 * GET /api/customers/{id}/property-answers: what the customer answered about the property at sign-up and the releases of
 * liability they accepted (who, from where, when). The office reads it on the record; a crew user at the stop, for the
 * properties of their crew only.
 */
export const propertyAnswersRoutes: FastifyPluginAsyncZod<{ service: PropertyAnswersService }> = async (
  app,
  { service },
) => {
  app.get('/:id/property-answers', {
    config: { access: STAFF_ROLES },
    schema: {
      tags: ['customers'],
      summary:
        'The answers about the property given at sign-up (gates and their codes, flower beds, pets, vinyl fence, ' +
        'above-ground pool, trampoline) and each release of liability with who accepted it and when; data is null ' +
        'for a customer who signed up before they were kept. A crew user reads the properties of their crew only.',
      params: idParamsSchema,
      response: { 200: propertyAnswersResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(request.params.id, requireUser(request)) }),
  });
};
