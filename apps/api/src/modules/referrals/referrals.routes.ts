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
import type { z } from 'zod';
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

  recordRoutes(app, {
    createPath: '',
    itemPath: '/:id',
    summaries: {
      create: 'Add a referral market to one of the pages',
      update: 'Rename a referral market, sending the version it was read at (409 when someone changed it since)',
      remove: 'Delete a referral market with its referrals',
    },
    createBody: referralMarketCreateSchema,
    patchBody: referralMarketPatchSchema,
    response: referralMarketResponseSchema,
    // A market is created on its own page, with nothing to find first.
    createErrors: [400, 401, 403],
    create: (body, actorId) => service.createMarket(body, actorId),
    update: (id, body, actorId) => service.renameMarket(id, body, actorId),
    remove: (id) => service.removeMarket(id),
  });

  recordRoutes(app, {
    createPath: '/types',
    itemPath: '/:id/types',
    summaries: {
      create: "Add a referral to a market (customerReferralId), checked by its page's rules",
      update: 'Change the referral {id}, sending the version it was read at (409 when someone changed it since)',
      remove: 'Delete the referral {id}',
    },
    createBody: referralTypeCreateSchema,
    patchBody: referralTypePatchSchema,
    response: referralTypeResponseSchema,
    // A referral is added to a market, which may be gone.
    createErrors: [400, 401, 403, 404],
    create: (body, actorId) => service.createType(body, actorId),
    update: (id, body, actorId) => service.updateType(id, body, actorId),
    remove: (id) => service.removeType(id),
  });
};

type RecordRoutes<Create, Patch, Row> = {
  createPath: string;
  itemPath: string;
  summaries: { create: string; update: string; remove: string };
  createBody: z.ZodType<Create>;
  patchBody: z.ZodType<Patch>;
  response: z.ZodType<{ data: Row; message: string }>;
  createErrors: (400 | 401 | 403 | 404)[];
  create: (body: Create, actorId: number) => Promise<Row>;
  update: (id: number, body: Patch, actorId: number) => Promise<Row>;
  remove: (id: number) => Promise<void>;
};

/**
 * The single calls of one kind of referral record (a market, a referral): create (idempotent, 201), change from the
 * version read (409 when it moved) and delete, each for the editors only.
 */
function recordRoutes<Create, Patch, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  routes: RecordRoutes<Create, Patch, Row>,
) {
  const tags = ['referrals'];
  const editors = { access: REFERRAL_EDIT_ROLES };

  app.post(routes.createPath, {
    config: { ...editors, idempotent: true },
    schema: {
      tags,
      summary: routes.summaries.create,
      body: routes.createBody,
      response: { 201: routes.response, ...errorResponses(...routes.createErrors) },
    },
    handler: async (request, reply) => {
      // The body is createBody's output (the type provider validated it); TypeScript cannot follow its generic mapping.
      const data = await routes.create(request.body as Create, requireUser(request).id);
      return reply.status(201).send({ data, message: REFERRAL_MESSAGES.saved });
    },
  });

  app.patch(routes.itemPath, {
    config: editors,
    schema: {
      tags,
      summary: routes.summaries.update,
      params: idParamsSchema,
      body: routes.patchBody,
      response: { 200: routes.response, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      data: await routes.update(request.params.id, request.body as Patch, requireUser(request).id),
      message: REFERRAL_MESSAGES.saved,
    }),
  });

  app.delete(routes.itemPath, {
    config: editors,
    schema: {
      tags,
      summary: routes.summaries.remove,
      params: idParamsSchema,
      response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await routes.remove(request.params.id);
      return { message: REFERRAL_MESSAGES.saved };
    },
  });
}
