import {
  externalAccountLoginResponseSchema,
  externalAccountLoginSchema,
  externalCalendarQuerySchema,
  externalCalendarResponseSchema,
  externalPaymentSchema,
  externalPhoneSearchResponseSchema,
  externalPhoneSearchSchema,
  idParamSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireExternal } from '../../http/auth';
import { sendInlineFile } from '../../http/file-reply';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import type { AddressLimitHook } from '../../http/rate-limits';
import { externalPaymentsList } from './external-payments.list';
import type { ExternalService } from './external.service';

export type ExternalRoutesOptions = {
  service: ExternalService;
  /**
   * The per-address limit of the external doors: one budget for the look-ups by phone and by account number and the
   * identity checks of payment-method changes, so guessing cannot switch between them to get more tries.
   */
  doorLimit: AddressLimitHook;
};

/**
 * The look-ups by phone or account number (public: they are how a customer gets a token) and the routes for
 * customers holding an external access token (staff tokens get 401 there).
 */
export const externalRoutes: FastifyPluginAsyncZod<ExternalRoutesOptions> = async (app, { service, doorLimit }) => {
  const tags = ['external'];

  app.post('/search-phone', {
    config: { access: 'public' },
    onRequest: doorLimit,
    schema: {
      tags,
      summary:
        'Look up a phone (10 digits): every property of its one customer with a read-only token each (calendar, payments); a phone several customers share answers 400 asking for account_number too; an unknown phone answers 401 as slowly and in the same words as an unknown account number',
      body: externalPhoneSearchSchema,
      response: { 200: externalPhoneSearchResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => ({
      data: await service.searchPhone(request.body.contact_number, request.body.account_number),
    }),
  });

  app.post('/login-account', {
    config: { access: 'public' },
    onRequest: doorLimit,
    schema: {
      tags,
      summary:
        'Look up an account number: its property with a token (calendar, payments, payment pages; a change also needs the identity check); an unknown number answers 401 as slowly and in the same words as an unknown phone',
      body: externalAccountLoginSchema,
      response: { 200: externalAccountLoginResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => ({ data: await service.loginAccount(request.body.account_number) }),
  });

  app.get('/calendar', {
    config: { access: { external: 'calendar' } },
    schema: {
      tags,
      summary: "The token's property calendar of a year (default: the calendar's year), read-only",
      querystring: externalCalendarQuerySchema,
      response: { 200: externalCalendarResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.calendar(requireExternal(request).propertyId, request.query.year),
  });

  app.get('/visits/:visitId/photos/:photoId', {
    config: { access: { external: 'calendar' } },
    schema: {
      tags,
      summary: "A photo of a completed visit to the token's property (another property's answers 404)",
      params: z.object({ visitId: idParamSchema, photoId: idParamSchema }),
      produces: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
      response: { 200: z.unknown().describe('The photo'), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => {
      const { visitId, photoId } = request.params;
      return sendInlineFile(reply, await service.visitPhoto(requireExternal(request).propertyId, visitId, photoId));
    },
  });

  app.get('/payments', {
    config: { access: { external: 'payments' } },
    schema: {
      tags,
      summary: "The token's property's payments, newest first, 10 a page",
      querystring: listQuerySchema(externalPaymentsList),
      response: { 200: listResponseSchema(externalPaymentSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      toListResponse(
        await service.payments(requireExternal(request).propertyId, request.query),
        request.query,
        request.url,
      ),
  });
};
