import {
  addressSuggestionListSchema,
  geocodeQuerySchema,
  geocodeResponseSchema,
  OFFICE_ROLES,
  propertyDataQuerySchema,
  propertyDataResponseSchema,
  suggestionsQuerySchema,
  usStateSchema,
  usZipResponseSchema,
  zipcodeParamsSchema,
  zipServiceAreaResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { statesList } from './places.list';
import type { PlacesService } from './places.service';

/**
 * The look-ups of the staff address forms (record screen, wizard, service zones): the spec's states, zip, us-zips,
 * maps and property-data helper calls, for the office roles.
 */
export const placesRoutes: FastifyPluginAsyncZod<{ service: PlacesService }> = async (app, { service }) => {
  const tags = ['places'];
  const config = { access: OFFICE_ROLES };

  app.get('/states', {
    config,
    schema: {
      tags,
      summary: 'US states and DC by name; filter[isActive]=1 lists the states the business serves',
      querystring: listQuerySchema(statesList),
      response: { 200: listResponseSchema(usStateSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.states(request.query), request.query, request.url),
  });

  app.get('/us-zips/:zipcode', {
    config,
    schema: {
      tags,
      summary: 'City, state and centre of a US zip code (offline zip data set); 404 when it is no US zip',
      params: zipcodeParamsSchema,
      response: { 200: usZipResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: service.usZip(request.params.zipcode) }),
  });

  app.get('/zip-code/:zipcode', {
    config,
    schema: {
      tags,
      summary:
        'The service zone of a zip: its market (serviceMarketsId), exceptions, tax rate, phone, city and state; 404 with the reason under zipcode when no zone serves it',
      params: zipcodeParamsSchema,
      response: { 200: zipServiceAreaResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.serviceArea(request.params.zipcode) }),
  });

  app.get('/places/suggestions', {
    config,
    schema: {
      tags,
      summary:
        'Completions of a partly typed US address: known addresses first, then known streets or the places service',
      querystring: suggestionsQuerySchema,
      response: { 200: addressSuggestionListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.suggestions(request.query, 'staff') }),
  });

  app.get('/places/geocode', {
    config,
    schema: {
      tags,
      summary:
        'Where an address is: its own position when known, else its zip code’s centre (isApproximate); 404 when neither',
      querystring: geocodeQuerySchema,
      response: { 200: geocodeResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.geocode(request.query) }),
  });

  app.get('/places/property-data', {
    config,
    schema: {
      tags,
      summary: 'County records of a property: owner, size (lot, sq ft) and pvalue (assessed value); 404 when none',
      querystring: propertyDataQuerySchema,
      response: { 200: propertyDataResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.propertyData(request.query) }),
  });
};
