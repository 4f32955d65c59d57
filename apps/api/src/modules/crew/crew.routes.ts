import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MESSAGES,
  crewDayResponseSchema,
  idParamSchema,
  VISIT_PHOTO_MAX_BYTES,
  visitActionResponseSchema,
} from '@lawn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { badRequest, isHttpError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import type { CrewService, VisitPart } from './crew.service';

const stopParamsSchema = z.object({ propertyId: idParamSchema });

/** Errors of the multipart parser that mean the client sent something wrong, not that the server failed. */
const TOO_MANY_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
const MALFORMED = /unexpected end of form|malformed|terminated early|premature close|multipart/i;

function asClientError(error: unknown): unknown {
  if (isHttpError(error) || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && TOO_MANY_CODES.has(code)) return badRequest(ATTACHMENT_MESSAGES.unreadable);
  if (MALFORMED.test(error.message)) return badRequest(ATTACHMENT_MESSAGES.unreadable);
  return error;
}

/** The parts of a multipart request, one at a time as they arrive. */
async function* visitParts(request: FastifyRequest): AsyncGenerator<VisitPart> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      yield { type: 'file', field: part.fieldname, filename: part.filename, stream: part.file };
    } else {
      yield { type: 'field', field: part.fieldname, value: part.value };
    }
  }
}

/**
 * The crew's day, under /api/crew: the signed-in crew member's stops of today, and their check-in and check-out
 * (multipart/form-data: a `photo`, and at check-out a `note`). The phone retries an action it could not send, so both
 * take an Idempotency-Key.
 */
export const crewRoutes: FastifyPluginAsyncZod<{ service: CrewService }> = async (app, { service }) => {
  const tags = ['crew'];
  // A photo may be one byte over the limit here, so the service sees it is too large (and says so).
  await app.register(multipart, {
    limits: { fileSize: VISIT_PHOTO_MAX_BYTES + 1, files: 2, fields: 4, fieldSize: 4096, parts: 6 },
  });

  app.get('/today', {
    config: { access: ['crew'] },
    schema: {
      tags,
      summary: "Today's stops of the signed-in crew member's crew, in route order, with their visit state",
      response: { 200: crewDayResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => service.day(requireUser(request)),
  });

  for (const action of ['check-in', 'check-out'] as const) {
    app.post(`/stops/:propertyId/${action}`, {
      config: { access: ['crew'], idempotent: true },
      schema: {
        tags,
        summary:
          action === 'check-in'
            ? 'Check in at a stop (multipart/form-data: workday, the day it was taken, today or up to 6 days before, default today; then photo, a JPEG, PNG, WebP or HEIC image up to 10 MB)'
            : 'Check out of a checked-in stop (multipart/form-data: workday and photo as at check-in, and note up to 500 characters, before the photo)',
        consumes: ['multipart/form-data'],
        params: stopParamsSchema,
        response: { 201: visitActionResponseSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw badRequest(ATTACHMENT_MESSAGES.notMultipart);
        const user = requireUser(request);
        try {
          const act = action === 'check-in' ? service.checkIn : service.checkOut;
          const answer = await act(user, request.params.propertyId, visitParts(request));
          return await reply.status(201).send(answer);
        } catch (error) {
          throw asClientError(error);
        }
      },
    });
  }
};
