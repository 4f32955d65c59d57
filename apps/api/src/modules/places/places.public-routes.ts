import {
  addressSuggestionListSchema,
  mapSettingsResponseSchema,
  suggestionsQuerySchema,
  usStateSchema,
  zipcodeParamsSchema,
  zipServiceAreaResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { perAddressLimit } from '../../http/rate-limits';
import { statesList } from './places.list';
import type { PlacesService } from './places.service';

/**
 * The read-only look-ups the public quote and sign-up need without signing in (under /api/web, like every prospect
 * route): states, a zip's service zone with its exceptions and tax rate, street-level address suggestions (never a
 * customer's address) and the map's tile settings.
 */
export const publicPlacesRoutes: FastifyPluginAsyncZod<{ service: PlacesService; requestsPerMinute: number }> = async (
  app,
  { service, requestsPerMinute },
) => {
  const tags = ['places (public)'];
  // Per client address: far above a person filling in the quote.
  const config = { access: 'public' as const, rateLimit: perAddressLimit(requestsPerMinute, 'minute') };

  app.get('/states', {
    config,
    schema: {
      tags,
      summary: 'US states and DC by name; filter[isActive]=1 lists the states the business serves',
      querystring: listQuerySchema(statesList),
      response: { 200: listResponseSchema(usStateSchema), ...errorResponses(400, 429) },
    },
    handler: async (request) => toListResponse(await service.states(request.query), request.query, request.url),
  });

  app.get('/zip-code/:zipcode', {
    config,
    schema: {
      tags,
      summary:
        'Whether the business serves a zip: its market (serviceMarketsId), exceptions, tax rate, phone, city and state; 404 with the reason under zipcode when not',
      params: zipcodeParamsSchema,
      response: { 200: zipServiceAreaResponseSchema, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => ({ data: await service.serviceArea(request.params.zipcode) }),
  });

  app.get('/places/suggestions', {
    config,
    schema: {
      tags,
      summary: 'Completions of a partly typed US address: streets the business serves with the typed house number',
      querystring: suggestionsQuerySchema,
      response: { 200: addressSuggestionListSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => ({ data: await service.suggestions(request.query, 'public') }),
  });

  app.get('/map-settings', {
    config,
    schema: {
      tags,
      summary: 'Where the address maps take their tiles from, and the credit the tile server asks for',
      response: { 200: mapSettingsResponseSchema, ...errorResponses(429) },
    },
    handler: async () => ({ data: service.mapSettings() }),
  });
};
