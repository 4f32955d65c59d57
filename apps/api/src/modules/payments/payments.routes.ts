import {
  customerPaymentMethodChangeSchema,
  customerPaymentPropertyResponseSchema,
  OFFICE_ROLES,
  PAYMENT_MESSAGES,
  paymentKeyResponseSchema,
  paymentMethodChangeResponseSchema,
  paymentMethodChangeSchema,
  paymentPropertiesResponseSchema,
  paymentPropertyResponseSchema,
} from '@lawn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCustomer, requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { AddressLimitHook } from '../../http/rate-limits';
import { customerScopeOf, type CustomerScope, type PaymentsService } from './payments.service';

type Options = { service: PaymentsService };

/** The public key browsers encrypt card and account numbers with: public by nature (the sign-up page needs it too). */
export const paymentKeyRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.get('/public-key', {
    config: { access: 'public' },
    schema: {
      tags: ['payments'],
      summary:
        "The payment gateway's public key and algorithm (RSA-OAEP-256 or RSA-PKCS1-v1_5): encrypt card and account numbers with it",
      response: { 200: paymentKeyResponseSchema, ...errorResponses(503) },
    },
    handler: async () => ({ data: await service.encryptionKey() }),
  });
};

/** Staff pages: /payment-list and /payment-configuration, for any customer's property. */
export const staffPaymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  const tags = ['payments'];

  app.get('/:id/payment-methods', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Every property of the customer who owns property id, with its payment method (never a number)',
      params: idParamsSchema,
      response: { 200: paymentPropertiesResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.staffProperties(request.params.id) }),
  });

  app.get('/:id/payment-method', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "One property's payment method and billing name",
      params: idParamsSchema,
      response: { 200: paymentPropertyResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.staffProperty(request.params.id) }),
  });

  app.patch('/:id/update-credit-card', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary:
        'Change the payment method (card or e-check, numbers encrypted with the public key); recorded in the history, e-mailed to the customer, notified to the office',
      params: idParamsSchema,
      body: paymentMethodChangeSchema,
      response: { 200: paymentMethodChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
    },
    handler: async (request) => ({
      message: PAYMENT_MESSAGES.updated,
      data: await service.staffChange(request.params.id, request.body, requireUser(request)),
    }),
  });
};

const scopeOf = (request: FastifyRequest): CustomerScope => customerScopeOf(requireCustomer(request));

type CustomerOptions = Options & {
  /** The external doors' per-address limit: a change made with an external token counts in it (see below). */
  externalChangeLimit: AddressLimitHook;
};

/**
 * The customer's own pages (/web/account/payment-list and payment-configuration): a customer signed in with their
 * web account, or holding an external token with the payment-method scope. Another customer's property is 404.
 */
export const customerPaymentRoutes: FastifyPluginAsyncZod<CustomerOptions> = async (
  app,
  { service, externalChangeLimit },
) => {
  const tags = ['customer'];
  const access = { customer: 'payment-method' } as const;

  app.get('/payment-methods', {
    config: { access },
    schema: {
      tags,
      summary: "The customer's own properties with their payment methods",
      response: { 200: paymentPropertiesResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ data: await service.customerProperties(scopeOf(request)) }),
  });

  app.get('/:id/payment-method', {
    config: { access },
    schema: {
      tags,
      summary:
        "One of the customer's own properties with its payment method, and whether a change needs the identity check (an external token's does)",
      params: idParamsSchema,
      response: { 200: customerPaymentPropertyResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      return {
        data: await service.customerProperty(scope, request.params.id),
        identityCheck: scope.kind === 'property',
      };
    },
  });

  app.patch('/:id/update-credit-card', {
    config: { access, idempotent: true },
    // The access guard runs first and tells who calls: a change made with an external token carries the identity
    // check, which is guessed like an account number, so it takes a try of the look-ups' per-address budget.
    onRequest: async function externalChangeGuard(request, reply) {
      if (request.external) await externalChangeLimit.call(this, request, reply);
    },
    schema: {
      tags,
      summary:
        "Change the payment method of one of the customer's own properties; with an external token the body must also carry serviceZipCode and phoneLastFour (the identity check, limited per address like the look-ups). E-mailed to the customer, notified to the office",
      params: idParamsSchema,
      body: customerPaymentMethodChangeSchema,
      response: {
        200: paymentMethodChangeResponseSchema,
        ...errorResponses(400, 401, 403, 404, 409, 422, 429, 503),
      },
    },
    handler: async (request) => ({
      message: PAYMENT_MESSAGES.updated,
      data: await service.customerChange(scopeOf(request), request.params.id, request.body),
    }),
  });
};
