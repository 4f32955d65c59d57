import {
  publicSignUpRequestSchema,
  publicSignUpResponseSchema,
  SIGN_UP_MESSAGES,
  signUpSettingsResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { perAddressLimit } from '../../http/rate-limits';
import type { SignUpService } from './sign-up.service';

/** The largest sign-up body accepted: the order with its encrypted number is about 3 KB; 16 KB leaves room. */
export const SIGN_UP_BODY_LIMIT_BYTES = 16 * 1024;

/** The public sign-up's routes under /api/web (anonymous, rate-limited per client address). */
type SignUpRoutesOptions = {
  service: SignUpService;
  /** Anonymous reads of the sign-up settings per client address per minute: a visit needs one. */
  requestsPerMinute: number;
  /**
   * Sign-ups per client address per hour: a household signs up a property or two, and a retry of the same order (its
   * Idempotency-Key) counts too. More is a script, which gets 429.
   */
  signUpsPerHour: number;
};

export const publicSignUpRoutes: FastifyPluginAsyncZod<SignUpRoutesOptions> = async (
  app,
  { service, requestsPerMinute, signUpsPerHour },
) => {
  const tags = ['sign-up (public)'];

  app.get('/sign-up-settings', {
    config: {
      access: 'public',
      rateLimit: perAddressLimit(requestsPerMinute, 'minute'),
    },
    schema: {
      tags,
      summary: "The quote page's configured video and marketing-site links (null when unset)",
      response: { 200: signUpSettingsResponseSchema, ...errorResponses(429) },
    },
    handler: async () => ({ data: await service.settings() }),
  });

  app.post('/customers', {
    bodyLimit: SIGN_UP_BODY_LIMIT_BYTES,
    config: {
      access: 'public',
      idempotent: true,
      rateLimit: perAddressLimit(signUpsPerHour, 'hour'),
    },
    schema: {
      tags,
      summary:
        'Sign up: the order (public variant of the new-customer schema) and the sign-up answers. The same creation ' +
        'service as the office wizard prices it again, tokenises the payment and creates a pending order; a declined ' +
        'card or account creates nothing (400 with the gateway message). An e-mail address of a current customer adds ' +
        'the property to that customer; the answer (the new account number) is the same either way.',
      body: publicSignUpRequestSchema,
      response: { 201: publicSignUpResponseSchema, ...errorResponses(400, 413, 422, 429, 503) },
    },
    handler: async (request, reply) => {
      const data = await service.create(request.body, request.ip);
      return reply.status(201).send({ message: SIGN_UP_MESSAGES.created, data });
    },
  });
};
