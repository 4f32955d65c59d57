import {
  SCHEDULE_ROLES,
  scheduleStatusResponseSchema,
  scheduleStatusSchema,
  SEASON_MESSAGES,
  seasonStartSummaryResponseSchema,
  seasonWeeksQuerySchema,
  seasonWeeksResponseSchema,
  seasonWeekUpdatesSchema,
  seasonYearQuerySchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import type { ScheduleService } from './schedule.service';

const acceptedSchema = z.object({ message: z.string(), data: scheduleStatusSchema });

/** Global schedule management: the season weeks of a year, their processing and its progress. */
export const scheduleRoutes: FastifyPluginAsyncZod<{ service: ScheduleService }> = async (app, { service }) => {
  const tags = ['schedule'];
  const config = { access: SCHEDULE_ROLES };

  app.get('', {
    config,
    schema: {
      tags,
      summary:
        'The season weeks of a mow year (type, colour, holidays, current and ended weeks); range=winter: winter only',
      querystring: seasonWeeksQuerySchema,
      response: { 200: seasonWeeksResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const { year, range } = request.query;
      const { isSaved, weeks } = await service.weeks(year, range);
      return { year, isSaved, data: weeks };
    },
  });

  app.get('/status', {
    config,
    schema: {
      tags,
      summary: "The year's latest processing run (progress bar); isProgress: a run of any year is under way",
      querystring: seasonYearQuerySchema,
      response: { 200: scheduleStatusResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.status(request.query.year) }),
  });

  app.get('/season-start-summary', {
    config,
    schema: {
      tags,
      summary: 'Services per market and frequency in each season-start week (1-4), with overload warnings',
      querystring: seasonYearQuerySchema,
      response: { 200: seasonStartSummaryResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.seasonStartSummary(request.query.year) }),
  });

  app.put('', {
    config,
    schema: {
      tags,
      summary:
        "Apply the pending week updates (in order; the week menu's rules) and process the year's schedules as a job",
      querystring: seasonYearQuerySchema,
      body: seasonWeekUpdatesSchema,
      response: { 202: acceptedSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const data = await service.process(request.query.year, request.body.weeks, requireUser(request).id);
      return reply.status(202).send({ message: SEASON_MESSAGES.processing, data });
    },
  });
};
