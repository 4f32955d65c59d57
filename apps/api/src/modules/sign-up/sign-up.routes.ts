import { signUpSettingsResponseSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import type { SignUpService } from './sign-up.service';

/** Anonymous reads of the sign-up settings per client address per minute: a visit needs one. */
const SETTINGS_REQUESTS_PER_MINUTE = 120;

/** The public sign-up's routes under /api/web (anonymous, rate-limited per client address). */
export const publicSignUpRoutes: FastifyPluginAsyncZod<{ service: SignUpService }> = async (app, { service }) => {
  const tags = ['sign-up (public)'];

  app.get('/sign-up-settings', {
    config: {
      access: 'public',
      rateLimit: {
        max: SETTINGS_REQUESTS_PER_MINUTE,
        timeWindow: 60_000,
        errorResponseBuilder: () => tooManyRequests(),
      },
    },
    schema: {
      tags,
      summary: "The quote page's configured video and marketing-site links (null when unset)",
      response: { 200: signUpSettingsResponseSchema, ...errorResponses(429) },
    },
    handler: async () => ({ data: service.settings() }),
  });
};
