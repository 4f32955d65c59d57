import { startDaysQuerySchema, startDaysResponseSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { perAddressLimit } from '../../http/rate-limits';
import type { AvailabilityService } from './availability.service';

type PublicAvailabilityRoutesOptions = {
  service: AvailabilityService;
  /** Anonymous reads per client address per minute, as the quote's other look-ups. */
  requestsPerMinute: number;
};

/** The public sign-up's start-date calendar under /api/web (anonymous, rate-limited per client address). */
export const publicAvailabilityRoutes: FastifyPluginAsyncZod<PublicAvailabilityRoutesOptions> = async (
  app,
  { service, requestsPerMinute },
) => {
  app.get('/start-days', {
    config: { access: 'public', rateLimit: perAddressLimit(requestsPerMinute, 'minute') },
    schema: {
      tags: ['sign-up (public)'],
      summary:
        'Why each day of a range can or cannot start a service in the market of a served zip code: open, full, ' +
        'locked, holiday or weekend (never the numbers behind it)',
      querystring: startDaysQuerySchema,
      response: { 200: startDaysResponseSchema, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => ({
      data: await service.startDays(request.query.zipcode, request.query),
    }),
  });
};
