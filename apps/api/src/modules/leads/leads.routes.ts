import { LEAD_MESSAGES, leadCreatedResponseSchema, leadRequestSchema, leadRowSchema, OFFICE_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { perAddressLimit } from '../../http/rate-limits';
import { leadsList } from './leads.list';
import type { LeadsService } from './leads.service';

/** The largest lead accepted: its five short fields take well under 1 KB. */
export const LEAD_BODY_LIMIT_BYTES = 4 * 1024;

type PublicLeadRoutesOptions = {
  service: LeadsService;
  /**
   * Leads per client address per hour, counted apart from the sign-ups: a household leaves one, perhaps with a
   * correction. More is a script, which gets 429.
   */
  leadsPerHour: number;
};

/** POST /api/web/leads: a visitor whose zip code is not served leaves their details (anonymous, rate-limited). */
export const publicLeadRoutes: FastifyPluginAsyncZod<PublicLeadRoutesOptions> = async (
  app,
  { service, leadsPerHour },
) => {
  app.post('/leads', {
    bodyLimit: LEAD_BODY_LIMIT_BYTES,
    config: { access: 'public', idempotent: true, rateLimit: perAddressLimit(leadsPerHour, 'hour') },
    schema: {
      tags: ['leads (public)'],
      summary:
        'Leave a name, phone and e-mail address for a zip code the business does not serve yet; the office sees it ' +
        'on its Leads list. A served zip (or one that is no US zip) is refused at the zipcode field.',
      body: leadRequestSchema,
      response: { 201: leadCreatedResponseSchema, ...errorResponses(400, 413, 422, 429, 503) },
    },
    handler: async (request, reply) => {
      const data = await service.create(request.body);
      return reply.status(201).send({ message: LEAD_MESSAGES.created, data });
    },
  });
};

/** GET /api/leads: the office's Leads list, for the roles that see the pending orders. */
export const leadsRoutes: FastifyPluginAsyncZod<{ service: LeadsService }> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['leads'],
      summary: 'Leads: name, phone, e-mail, address, zip code with its city and state, and when each was left',
      querystring: listQuerySchema(leadsList),
      response: { 200: listResponseSchema(leadRowSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });
};
