import {
  NOTE_MESSAGES,
  noteBulkDeleteSchema,
  noteCreateSchema,
  notePatchSchema,
  noteResponseSchema,
  noteSchema,
  notesDeletedResponseSchema,
  OFFICE_ROLES,
  idParamSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { notesList } from './notes.list';
import type { NotesService } from './notes.service';

const noteParamsSchema = z.object({ id: idParamSchema, noteId: idParamSchema });

/**
 * A customer record's notes, under /api/customers; `id` is the property id. Their attachments are a
 * resource of their own under a note (`attachments.routes.ts`).
 */
export const notesRoutes: FastifyPluginAsyncZod<{ service: NotesService }> = async (app, { service }) => {
  const tags = ['notes'];

  app.get('/:id/notes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "A record's notes of the types asked (filter[typeId]=1, or 2,4), newest first, 5 a page",
      params: idParamsSchema,
      querystring: listQuerySchema(notesList),
      response: { 200: listResponseSchema(noteSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toListResponse(await service.list(request.params.id, request.query), request.query, request.url),
  });

  app.post('/:id/notes', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Add a note (its date today or later, up to 12/31/2050); recorded in the history',
      params: idParamsSchema,
      body: noteCreateSchema,
      response: { 201: noteResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const note = await service.create(request.params.id, request.body, requireUser(request));
      return reply.status(201).send({ message: NOTE_MESSAGES.created, data: note });
    },
  });

  app.patch('/:id/notes/:noteId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Edit a note from the version read (409 when someone changed it meanwhile); recorded in the history',
      params: noteParamsSchema,
      body: notePatchSchema,
      response: { 200: noteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: NOTE_MESSAGES.updated,
      data: await service.update(request.params.id, request.params.noteId, request.body, requireUser(request)),
    }),
  });

  app.delete('/:id/notes/:noteId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Delete a note; recorded in the history',
      params: noteParamsSchema,
      response: { 200: notesDeletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      message: NOTE_MESSAGES.deleted,
      deleted: await service.remove(request.params.id, request.params.noteId, requireUser(request)),
    }),
  });

  app.delete('/:id/notes', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "Delete several of the record's notes by id (ids of other records are ignored); one history entry",
      params: idParamsSchema,
      body: noteBulkDeleteSchema,
      response: { 200: notesDeletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      message: NOTE_MESSAGES.deleted,
      deleted: await service.removeMany(request.params.id, request.body.ids, requireUser(request)),
    }),
  });
};
