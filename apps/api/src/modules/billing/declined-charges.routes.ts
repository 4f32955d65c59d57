import {
  chargeAttemptsResponseSchema,
  DECLINED_CHARGE_MESSAGES,
  idParamSchema,
  INVOICE_COLLECTION_ROLES,
  markInvoicePaidSchema,
  OFFICE_ROLES,
  retryNowResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { DeclinedChargesService } from './declined-charges.service';

const params = z.object({ id: idParamSchema });

/** A declined invoice on /invoices: its attempts, Retry now and Mark paid another way, under /api/invoices. */
export const declinedChargesRoutes: FastifyPluginAsyncZod<{ service: DeclinedChargesService }> = async (
  app,
  { service },
) => {
  const tags = ['invoices'];

  app.get('/:id/attempts', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        "An invoice's charge attempts, oldest first (when, what started it, result, decline reason), and the next scheduled retry",
      params,
      response: { 200: chargeAttemptsResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.attempts(request.params.id) }),
  });

  app.post('/:id/retry', {
    // Not a create: an attempt left unanswered is sent again under its own key, so a repeated request charges once.
    config: { access: INVOICE_COLLECTION_ROLES },
    schema: {
      tags,
      summary:
        "Retry now: a declined invoice's charge tried again on the property's payment method; 409 when it is not declined, 503 when the gateway cannot be reached",
      params,
      response: { 200: retryNowResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      const outcome = await service.retryNow(request.params.id, requireUser(request));
      return { message: DECLINED_CHARGE_MESSAGES.retried, data: { outcome } };
    },
  });

  app.post('/:id/mark-paid', {
    config: { access: INVOICE_COLLECTION_ROLES },
    schema: {
      tags,
      summary:
        'Mark a declined invoice paid another way (cash or check) with a note, from the version read; 409 when stale, not declined, or a charge of it awaits the gateway',
      params,
      body: markInvoicePaidSchema,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      await service.markPaid(request.params.id, request.body, requireUser(request));
      return { message: DECLINED_CHARGE_MESSAGES.markedPaid };
    },
  });
};
