import {
  lotSizeLookupSchema,
  lotSizeOptionSchema,
  lotSizeParamsSchema,
  lotSizeTableSchema,
  lotSizeTableUpdateSchema,
  OFFICE_ROLES,
  PRICE_EDIT_ROLES,
  priceCalculationQuerySchema,
  priceCalculationSchema,
  priceChangeSchema,
  priceTableQuerySchema,
  tierLookupQuerySchema,
  turfSizeParamsSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { perAddressLimit } from '../../http/rate-limits';
import { priceChangesList } from './price-changes.list';
import type { PricingService } from './pricing.service';

type Options = { service: PricingService };
const tags = ['pricing'];

/** Staff price tables: the list, one tier, the tier of a lot or turf size, and the edits. */
export const basePriceRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        "A market's lot size options (its own table or the default one it uses); the default table without marketId",
      querystring: priceTableQuerySchema,
      response: { 200: lotSizeTableSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.table(request.query.marketId),
  });

  app.put('', {
    config: { access: PRICE_EDIT_ROLES },
    schema: {
      tags,
      summary:
        "Save a market's table (or the default one) whole, from the version read: 409 when someone saved in between. " +
        'A market on the default table gets its own. Every change is recorded with who and when.',
      querystring: priceTableQuerySchema,
      body: lotSizeTableUpdateSchema,
      response: { 200: lotSizeTableSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => service.updateTable(request.query.marketId, request.body, requireUser(request)),
  });

  app.get('/changes', {
    config: { access: PRICE_EDIT_ROLES },
    schema: {
      tags,
      summary: 'Every change to the price tables, who made it and when; filter[market]=id or default',
      querystring: listQuerySchema(priceChangesList),
      response: { 200: listResponseSchema(priceChangeSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.changes(request.query), request.query, request.url),
  });

  app.get('/lot-size/:lotSize', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'The lot size option a lot size (sq ft) falls in; with srvFrequency, its base price. 400 beyond the table',
      params: lotSizeParamsSchema,
      querystring: tierLookupQuerySchema,
      response: { 200: lotSizeLookupSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.tierForLot(request.params.lotSize, request.query) }),
  });

  app.get('/turf-size/:turfSize', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'The lot size option a turf size (sq ft) falls in; with srvFrequency, its base price. 400 beyond the table',
      params: turfSizeParamsSchema,
      querystring: tierLookupQuerySchema,
      response: { 200: lotSizeLookupSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.tierForTurf(request.params.turfSize, request.query) }),
  });

  app.get('/:id', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'One lot size option by id (the businesslogicId of the price calculation)',
      params: idParamsSchema,
      response: { 200: z.object({ data: lotSizeOptionSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.tier(request.params.id) }),
  });
};

/** The price calculation for the office, and the bag-grass price. */
export const priceLogicRoutes: FastifyPluginAsyncZod<Options> = async (app, { service }) => {
  app.get('/baggrass', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'Price of one mow: base price (costService, else the tier of businesslogicId, lotSize or turfSize), bag grass, ' +
        'single-area discount, tax (taxRate, else the market’s) -> newSubtotal, tax, total',
      querystring: priceCalculationQuerySchema,
      response: { 200: priceCalculationSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.calculate(request.query) }),
  });
};

/**
 * What the public quote reads (anonymous, read-only, rate-limited per address: `requestsPerMinute`, far above the
 * handful a quote page needs).
 */
export const publicPriceRoutes: FastifyPluginAsyncZod<Options & { requestsPerMinute: number }> = async (
  app,
  { service, requestsPerMinute },
) => {
  const config = { access: 'public' as const, rateLimit: perAddressLimit(requestsPerMinute, 'minute') };

  app.get('/base-price', {
    config,
    schema: {
      tags,
      summary: "The lot size options of a market (the quote's cards); the default table without marketId",
      querystring: priceTableQuerySchema,
      response: { 200: lotSizeTableSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => service.table(request.query.marketId),
  });

  app.get('/logics/baggrass', {
    config,
    schema: {
      tags,
      summary: 'The price calculation of the quote, as the office one',
      querystring: priceCalculationQuerySchema,
      response: { 200: priceCalculationSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => ({ data: await service.calculate(request.query) }),
  });
};
