import {
  crewAssignResponseSchema,
  crewAssignSchema,
  mapStopDetailsQuerySchema,
  mapStopDetailsResponseSchema,
  mapStopsQuerySchema,
  mapStopsResponseSchema,
  OFFICE_ROLES,
  routeOrderRequestSchema,
  routeOrderResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { MarketMapService } from './market-map.service';

/** The market map under /api/market-map: the whole office sees the day's stops, gives them crews and orders routes. */
export const marketMapRoutes: FastifyPluginAsyncZod<{ service: MarketMapService }> = async (app, { service }) => {
  const tags = ['market map'];

  app.get('/stops', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The properties of a market serviced on a day (yyyy-MM-dd), optionally one crew’s: total and markers',
      querystring: mapStopsQuerySchema,
      response: { 200: mapStopsResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.stops(request.query),
  });

  app.get('/stop-details', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Who and where some stops of a market are (ids comma-separated, at most 100), for the map’s list',
      querystring: mapStopDetailsQuerySchema,
      response: { 200: mapStopDetailsResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => service.stopDetails(request.query),
  });

  app.post('/crew', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Assigns the selected properties to a crew, or unassigns them, with an entry in each one’s history',
      body: crewAssignSchema,
      response: { 200: crewAssignResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.assignCrew(request.body, requireUser(request)) }),
  });

  app.put('/route-order', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Orders a crew’s stops of a day into a short drive from the market’s depot and back, and saves it',
      body: routeOrderRequestSchema,
      response: { 200: routeOrderResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.orderRoute(request.body, requireUser(request)) }),
  });
};
