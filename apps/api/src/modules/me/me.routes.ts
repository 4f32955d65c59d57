import { meSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { describeMe } from './me.service';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, their roles and their navigation',
      response: { 200: meSchema, ...errorResponses(401) },
    },
    handler: async (request) => ({ data: describeMe(requireUser(request)) }),
  });
};
