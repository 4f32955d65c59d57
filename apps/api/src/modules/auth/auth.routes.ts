import {
  AUTH_MESSAGES,
  loginResponseSchema,
  loginSchema,
  messageResponseSchema,
  recoverPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi';
import { perAddressLimit } from '../../http/rate-limits';
import type { AuthService, SignInDoor } from './auth.service';
import { SignInWaitError } from './sign-in-delay';

export type AuthRoutesOptions = {
  service: AuthService;
  /** Requests per client address per minute on every route here: each costs argon2 time or sends an e-mail. */
  rateLimitPerMinute: number;
};

export const LOGOUT_MESSAGE = 'You have been signed out.';
const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

type Door = { door: SignInDoor; tags: string[]; who: string };

/**
 * Sign-in, recovery and reset of one door: the staff back office and the customer web account answer the same way,
 * each letting in its own accounts only (one service does both, so hashing, waits and links work alike).
 */
function registerPasswordRoutes(
  app: Parameters<FastifyPluginAsyncZod<AuthRoutesOptions>>[0],
  { service, rateLimitPerMinute }: AuthRoutesOptions,
  { door, tags, who }: Door,
) {
  app.post('/login', {
    config: {
      access: 'public',
      rateLimit: perAddressLimit(rateLimitPerMinute, 'minute', AUTH_MESSAGES.tooManyAttempts),
    },
    schema: {
      tags,
      summary: `Sign in with e-mail and password (${who} only)`,
      body: loginSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      try {
        return { data: await service.login(request.body, { ip: request.ip, door }) };
      } catch (error) {
        // The error handler sends the 429 itself; the header set here goes with it.
        if (error instanceof SignInWaitError) void reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  app.post('/recover-password', {
    config: { access: 'public', rateLimit: perAddressLimit(rateLimitPerMinute, 'minute', TOO_MANY_REQUESTS) },
    schema: {
      tags,
      summary: `E-mail a password-reset link to ${who} (same answer whether or not the address has an account)`,
      body: recoverPasswordSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await service.recoverPassword(request.body.email, door);
      return { message: AUTH_MESSAGES.recoverSent };
    },
  });

  app.post('/reset-password', {
    config: { access: 'public', rateLimit: perAddressLimit(rateLimitPerMinute, 'minute', TOO_MANY_REQUESTS) },
    schema: {
      tags,
      summary: `Choose a new password with the token from the reset link (a link made for ${who})`,
      body: resetPasswordSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await service.resetPassword(request.body, door);
      return { message: AUTH_MESSAGES.resetDone };
    },
  });
}

/** The staff sign-in (/api/auth), with the token refresh and sign-out every session uses, customers' too. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { service, rateLimitPerMinute } = options;
  const tags = ['auth'];
  registerPasswordRoutes(app, options, { door: 'staff', tags, who: 'staff' });

  app.post('/refresh', {
    config: { access: 'public', rateLimit: perAddressLimit(rateLimitPerMinute, 'minute', TOO_MANY_REQUESTS) },
    schema: {
      tags,
      summary: 'Exchange a refresh token for a new token pair (the old refresh token is spent)',
      body: refreshSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => ({ data: await service.refresh(request.body.refreshToken) }),
  });

  app.post('/logout', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'End the session of a refresh token',
      body: refreshSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400) },
    },
    handler: async (request) => {
      await service.logout(request.body.refreshToken);
      return { message: LOGOUT_MESSAGE };
    },
  });
};

/**
 * The customer web account's sign-in (/api/web/auth): customers only; a staff account is answered like a
 * wrong password. Its sessions refresh and sign out through /api/auth like any other.
 */
export const webAuthRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  registerPasswordRoutes(app, options, { door: 'customers', tags: ['customer'], who: 'customers' });
};
