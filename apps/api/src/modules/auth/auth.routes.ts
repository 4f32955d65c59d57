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
import { tooManyRequests } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import type { AuthService } from './auth.service';
import { SignInWaitError } from './sign-in-delay';

export type AuthRoutesOptions = { service: AuthService; rateLimitPerMinute: number };

export const LOGOUT_MESSAGE = 'You have been signed out.';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, rateLimitPerMinute }) => {
  /** Per-IP brake on the unauthenticated endpoints that cost argon2 time or send e-mail. */
  const perIpLimit = (message: string) => ({
    max: rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: () => tooManyRequests(message),
  });
  const tags = ['auth'];

  app.post('/login', {
    config: { access: 'public', rateLimit: perIpLimit(AUTH_MESSAGES.tooManyAttempts) },
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      body: loginSchema,
      response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request, reply) => {
      try {
        return { data: await service.login(request.body, { ip: request.ip }) };
      } catch (error) {
        // The error handler sends the 429 itself; the header set here goes with it.
        if (error instanceof SignInWaitError) void reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  });

  app.post('/refresh', {
    config: { access: 'public', rateLimit: perIpLimit('Too many requests. Please try again in a minute.') },
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

  app.post('/recover-password', {
    config: { access: 'public', rateLimit: perIpLimit('Too many requests. Please try again in a minute.') },
    schema: {
      tags,
      summary: 'E-mail a password-reset link (same answer whether or not the address has an account)',
      body: recoverPasswordSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await service.recoverPassword(request.body.email);
      return { message: AUTH_MESSAGES.recoverSent };
    },
  });

  app.post('/reset-password', {
    config: { access: 'public', rateLimit: perIpLimit('Too many requests. Please try again in a minute.') },
    schema: {
      tags,
      summary: 'Choose a new password with the token from the reset link',
      body: resetPasswordSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await service.resetPassword(request.body);
      return { message: AUTH_MESSAGES.resetDone };
    },
  });
};
