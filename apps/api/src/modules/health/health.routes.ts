import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDatabaseUnavailable } from '../../http/error-handler';
import { errorResponses } from '../../http/openapi';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (app, { service }) => {
  app.get('', {
    config: { access: 'public' },
    // Load balancers poll this; one line per probe would drown the log.
    logLevel: 'warn',
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability',
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), ...errorResponses(503) },
    },
    handler: async (_request, reply) => {
      if (await service.isDatabaseReachable()) return { status: 'ok' as const, database: 'ok' as const };
      return sendDatabaseUnavailable(reply);
    },
  });
};
