import {
  CALENDAR_MESSAGES,
  OFFICE_ROLES,
  serviceNoteDeleteSchema,
  serviceNotePatchResponseSchema,
  serviceNotePatchSchema,
  serviceNotesQuerySchema,
  serviceNotesResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { ServiceNotesService } from './service-notes.service';

/** Skips, write-ins and redos of a property, under /api/customers. */
export const serviceNotesRoutes: FastifyPluginAsyncZod<{ service: ServiceNotesService }> = async (app, { service }) => {
  const tags = ['calendar'];

  app.get('/:id/service-notes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "The year's skips, write-ins and redos (default: the current mow year), newest first",
      params: idParamsSchema,
      querystring: serviceNotesQuerySchema,
      response: { 200: serviceNotesResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.list(request.params.id, request.query) }),
  });

  app.patch('/:id/service-notes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "Change the message of one note (a skip's reason stays required); recorded in the history",
      params: idParamsSchema,
      body: serviceNotePatchSchema,
      response: { 200: serviceNotePatchResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      message: CALENDAR_MESSAGES.noteUpdated,
      data: await service.updateMessage(request.params.id, request.body, requireUser(request)),
    }),
  });

  app.delete('/:id/service-notes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Delete one skip, write-in or redo (named by type, year and week); recorded in the history',
      params: idParamsSchema,
      body: serviceNoteDeleteSchema,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.remove(request.params.id, request.body, requireUser(request));
      return { message: CALENDAR_MESSAGES.noteDeleted };
    },
  });
};
