import {
  ALARM_MESSAGES,
  alarmCreateSchema,
  alarmDeleteSchema,
  alarmResponseSchema,
  alarmSchema,
  alarmsDeletedResponseSchema,
  alarmStatusSchema,
  alarmsTodayResponseSchema,
  alarmUpdateSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { alarmsList } from './alarms.list';
import type { AlarmsService } from './alarms.service';

/**
 * /api/alarms: the office's alarms. Every office role keeps their own; Admin and Manager also see and manage
 * everyone's on the list. Another person's alarm answers 404 to whoever may not reach it.
 */
export const alarmsRoutes: FastifyPluginAsyncZod<{ service: AlarmsService }> = async (app, { service }) => {
  const tags = ['alarms'];
  const config = { access: OFFICE_ROLES };

  app.get('', {
    config,
    schema: {
      tags,
      summary: "The alarms the caller may see (Admin and Manager: everyone's), newest first, 50 a page",
      querystring: listQuerySchema(alarmsList),
      response: { 200: listResponseSchema(alarmSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      toListResponse(await service.list(requireUser(request), request.query), request.query, request.url),
  });

  app.get('/today', {
    config,
    schema: {
      tags,
      summary: "The caller's own alarms of today in the business's time zone, by hour: the ones that ring for them",
      response: { 200: alarmsTodayResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => service.today(requireUser(request)),
  });

  app.get('/:id', {
    config,
    schema: {
      tags,
      summary: 'One alarm',
      params: idParamsSchema,
      response: { 200: alarmSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.get(requireUser(request), request.params.id),
  });

  app.post('', {
    // A client retrying a save after a lost answer must not set the alarm twice.
    config: { ...config, idempotent: true },
    schema: {
      tags,
      summary: 'Set an alarm for the caller: date (up to 12/31/2050), hour, duration, snooze, regarding and detail',
      body: alarmCreateSchema,
      response: { 201: alarmResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const data = await service.create(requireUser(request), request.body);
      return reply.status(201).send({ message: ALARM_MESSAGES.created, data });
    },
  });

  app.patch('/:id', {
    config,
    schema: {
      tags,
      summary:
        'Edit or reschedule an alarm from the version it was read at (409 when it changed since); it rings again',
      params: idParamsSchema,
      body: alarmUpdateSchema,
      response: { 200: alarmResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: ALARM_MESSAGES.updated,
      data: await service.update(requireUser(request), request.params.id, request.body),
    }),
  });

  app.patch('/:id/status', {
    config,
    schema: {
      tags,
      summary: 'Stop an alarm (active false) or switch its snooze',
      params: idParamsSchema,
      body: alarmStatusSchema,
      response: { 200: alarmResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      message: ALARM_MESSAGES.updated,
      data: await service.setStatus(requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('', {
    config,
    schema: {
      tags,
      summary: 'Delete the selected alarms: all of them, or none when one is not the caller’s to delete (404)',
      body: alarmDeleteSchema,
      response: { 200: alarmsDeletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      message: ALARM_MESSAGES.deleted,
      deleted: await service.remove(requireUser(request), request.body.ids),
    }),
  });
};
