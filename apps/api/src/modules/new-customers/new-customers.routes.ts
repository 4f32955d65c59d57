import { NEW_CUSTOMER_MESSAGES, newCustomerResponseSchema, OFFICE_ROLES, staffNewCustomerSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { NewCustomersService } from './new-customers.service';

/** POST /api/customers: the office's six-step wizard creates a customer (a pending order for approval). */
export const newCustomersRoutes: FastifyPluginAsyncZod<{ service: NewCustomersService }> = async (app, { service }) => {
  app.post('', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags: ['customers'],
      summary:
        'Create a customer with its property, payment method, notes, schedule and a pending order; the price is ' +
        'computed by the server. Answers the account number. A declined card or account creates nothing.',
      body: staffNewCustomerSchema,
      response: { 201: newCustomerResponseSchema, ...errorResponses(400, 401, 403, 422, 503) },
    },
    handler: async (request, reply) => {
      const origin = { kind: 'staff', actor: requireUser(request), ip: request.ip } as const;
      const data = await service.create(request.body, origin);
      return reply.status(201).send({ message: NEW_CUSTOMER_MESSAGES.created, data });
    },
  });
};
