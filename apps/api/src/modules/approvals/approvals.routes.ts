import {
  APPROVAL_ROLES,
  approveOrderSchema,
  ORDER_MESSAGES,
  orderDecisionResponseSchema,
  rejectOrderSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { ApprovalsService } from './approvals.service';

/** Approve and Reject on a new order, under /api/customers; Representatives may do neither (403). */
export const approvalsRoutes: FastifyPluginAsyncZod<{ service: ApprovalsService }> = async (app, { service }) => {
  const tags = ['customers'];

  app.post('/:id/approve', {
    config: { access: APPROVAL_ROLES },
    schema: {
      tags,
      summary:
        'Approve a new order (statusOrders 1, isApproved true, isRestart false) from the version read; recorded in the history',
      params: idParamsSchema,
      body: approveOrderSchema,
      response: { 200: orderDecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: ORDER_MESSAGES.approved,
      data: await service.approve(request.params.id, request.body, requireUser(request)),
    }),
  });

  app.post('/:id/reject', {
    config: { access: APPROVAL_ROLES, idempotent: true },
    schema: {
      tags,
      summary:
        'Reject a new order with its rejected note (statusOrders 2, isApproved false, isRestart true), from the version read; one transaction',
      params: idParamsSchema,
      body: rejectOrderSchema,
      response: { 201: orderDecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { customer, noteId } = await service.reject(request.params.id, request.body, requireUser(request));
      return reply.status(201).send({ message: ORDER_MESSAGES.rejected, data: customer, noteId });
    },
  });
};
