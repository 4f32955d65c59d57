import {
  messageResponseSchema,
  OFFICE_ROLES,
  REFERRAL_EDIT_ROLES,
  REFERRAL_MESSAGES,
  referralChangesResponseSchema,
  referralChangesSchema,
  referralListQuerySchema,
  referralListResponseSchema,
  referralMarketCreateSchema,
  referralMarketPatchSchema,
  referralMarketResponseSchema,
  referralTypeCreateSchema,
  referralTypePatchSchema,
  referralTypeResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { ReferralsService } from './referrals.service';

/**
 * The referral pages (/referral-panel, /customer-referral-panel). Every office role reads them: whoever talks to a
 * customer may pass on a partner's phone. Admin, Manager and Representative change them (REFERRAL_EDIT_ROLES): they
 * deal with the partners; customer-service reads only. The page sends every change at once through
 * `POST /changes`; the single calls change one market or referral.
 */
export const referralsRoutes: FastifyPluginAsyncZod<{ service: ReferralsService }> = async (app, { service }) => {
  const tags = ['referrals'];
  const editors = { access: REFERRAL_EDIT_ROLES };

  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "One referral page's markets (filter[is_resign]=1: no-resign, 0: active customer), with their referrals",
      querystring: referralListQuerySchema,
      response: { 200: referralListResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const filter = request.query['filter[is_resign]'];
      return { data: await service.list(filter === undefined ? undefined : filter === '1') };
    },
  });

  app.post('/changes', {
    // Update sends it; a retry after a lost answer must not apply the creates twice.
    config: { ...editors, idempotent: true },
    schema: {
      tags,
      summary:
        'Apply every change of one referral page at once, all or nothing: a refused row is named (types.2.phone), 409 when a row changed since it was read',
      body: referralChangesSchema,
      response: { 200: referralChangesResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => ({
      data: await service.applyChanges(request.body, requireUser(request).id),
      message: REFERRAL_MESSAGES.saved,
    }),
  });

  app.post('', {
    config: { ...editors, idempotent: true },
    schema: {
      tags,
      summary: 'Add a referral market to one of the pages',
      body: referralMarketCreateSchema,
      response: { 201: referralMarketResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const market = await service.createMarket(request.body, requireUser(request).id);
      return reply.status(201).send({ data: market, message: REFERRAL_MESSAGES.saved });
    },
  });

  app.patch('/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Rename a referral market, sending the version it was read at (409 when someone changed it since)',
      params: idParamsSchema,
      body: referralMarketPatchSchema,
      response: { 200: referralMarketResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await service.renameMarket(request.params.id, request.body, requireUser(request).id),
      message: REFERRAL_MESSAGES.saved,
    }),
  });

  app.delete('/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Delete a referral market with its referrals',
      params: idParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.removeMarket(request.params.id);
      return { message: REFERRAL_MESSAGES.saved };
    },
  });

  app.post('/types', {
    config: { ...editors, idempotent: true },
    schema: {
      tags,
      summary: "Add a referral to a market (customerReferralId), checked by its page's rules",
      body: referralTypeCreateSchema,
      response: { 201: referralTypeResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const type = await service.createType(request.body, requireUser(request).id);
      return reply.status(201).send({ data: type, message: REFERRAL_MESSAGES.saved });
    },
  });

  app.patch('/:id/types', {
    config: editors,
    schema: {
      tags,
      summary: 'Change the referral {id}, sending the version it was read at (409 when someone changed it since)',
      params: idParamsSchema,
      body: referralTypePatchSchema,
      response: { 200: referralTypeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await service.updateType(request.params.id, request.body, requireUser(request).id),
      message: REFERRAL_MESSAGES.saved,
    }),
  });

  app.delete('/:id/types', {
    config: editors,
    schema: {
      tags,
      summary: 'Delete the referral {id}',
      params: idParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.removeType(request.params.id);
      return { message: REFERRAL_MESSAGES.saved };
    },
  });
};
