import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENTS_PER_UPLOAD_MAX,
  attachmentSchema,
  attachmentsUploadedSchema,
  idParamSchema,
  OFFICE_ROLES,
} from '@lawn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { badRequest, isHttpError } from '../../http/errors';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { attachmentsList } from './attachments.list';
import type { AttachmentsService, UploadedFile } from './attachments.service';

const noteParamsSchema = z.object({ id: idParamSchema, noteId: idParamSchema });
const attachmentParamsSchema = noteParamsSchema.extend({ attachmentId: idParamSchema });

/** Errors of the multipart parser that mean the client sent something wrong, not that the server failed. */
const TOO_MANY_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED = /unexpected end of form|malformed|terminated early|premature close|multipart/i;

function asClientError(error: unknown): unknown {
  if (isHttpError(error) || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && TOO_MANY_CODES.has(code)) return badRequest(ATTACHMENT_MESSAGES.tooMany);
  if (MALFORMED.test(error.message)) return badRequest(ATTACHMENT_MESSAGES.unreadable);
  return error;
}

/** The file parts of a multipart request, one at a time as they arrive; other fields are ignored. */
async function* uploadedFiles(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  for await (const part of request.parts()) {
    if (part.type === 'file') yield { filename: part.filename, stream: part.file };
  }
}

/** `attachment; filename="..."` with an ASCII fallback and the exact name in `filename*` (RFC 6266). */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The files of a note, under /api/customers/{id}/notes/{noteId}/attachments; `id` is the property id.
 * Uploads are multipart/form-data, streamed into the file store one file at a time.
 */
export const attachmentsRoutes: FastifyPluginAsyncZod<{ service: AttachmentsService; maxBytes: number }> = async (
  app,
  { service, maxBytes },
) => {
  const tags = ['notes'];
  // Multipart is accepted on these routes only. A file may be one byte over the limit here, so the service sees it
  // is too large (and says so) instead of receiving a silently cut file.
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes + 1,
      files: ATTACHMENTS_PER_UPLOAD_MAX,
      fields: 10,
      fieldSize: 1024,
      parts: ATTACHMENTS_PER_UPLOAD_MAX + 10,
    },
  });

  app.get('/:id/notes/:noteId/attachments', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "A note's attachments, newest first, 5 a page",
      params: noteParamsSchema,
      querystring: listQuerySchema(attachmentsList),
      response: { 200: listResponseSchema(attachmentSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toListResponse(
        await service.list(request.params.id, request.params.noteId, request.query),
        request.query,
        request.url,
      ),
  });

  app.post('/:id/notes/:noteId/attachments', {
    config: { access: OFFICE_ROLES, idempotent: true },
    schema: {
      tags,
      summary: `Attach files to a note (multipart/form-data, up to ${ATTACHMENTS_PER_UPLOAD_MAX}): JPEG, PNG or audio by content, each within ATTACHMENT_MAX_BYTES; a name the note already has is ignored`,
      consumes: ['multipart/form-data'],
      params: noteParamsSchema,
      response: { 201: attachmentsUploadedSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(ATTACHMENT_MESSAGES.notMultipart);
      try {
        const uploaded = await service.upload(
          request.params.id,
          request.params.noteId,
          uploadedFiles(request),
          requireUser(request),
        );
        return await reply.status(201).send(uploaded);
      } catch (error) {
        throw asClientError(error);
      }
    },
  });

  app.get('/:id/notes/:noteId/attachments/:attachmentId/download', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The attached file, as a download',
      params: attachmentParamsSchema,
      produces: ['image/jpeg', 'image/png', 'audio/*'],
      response: { 200: z.unknown().describe('The file'), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request, reply) => {
      const { id, noteId, attachmentId } = request.params;
      const file = await service.download(id, noteId, attachmentId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });

  app.delete('/:id/notes/:noteId/attachments/:attachmentId', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Delete an attachment and its file; recorded in the history',
      params: attachmentParamsSchema,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      const { id, noteId, attachmentId } = request.params;
      await service.remove(id, noteId, attachmentId, requireUser(request));
      return { message: ATTACHMENT_MESSAGES.deleted };
    },
  });
};
