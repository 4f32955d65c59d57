import multipart from '@fastify/multipart';
import {
  CREW_PAYMENT_FILE_MAX_BYTES,
  CREW_PAYMENT_MESSAGES,
  crewPaymentSchema,
  crewPaymentsUploadedSchema,
  USER_ADMIN_ROLES,
} from '@lawn/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { crewPaymentsList } from './crew-payments.list';
import type { CrewPaymentsService, UploadedPaymentFile } from './crew-payments.service';

const TEMPLATE_NAME = 'crew-payments-template.xlsx';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Errors of the multipart parser that mean the client sent something wrong, not that the server failed. */
const MALFORMED = /unexpected end of form|malformed|terminated early|premature close|multipart/i;

/** The title field and the one file of an upload, the file read whole (it is at most a few megabytes). */
async function readUpload(request: FastifyRequest): Promise<{ title?: unknown; file?: UploadedPaymentFile }> {
  const upload: { title?: unknown; file?: UploadedPaymentFile } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') upload.file = { fileName: part.filename, bytes: await part.toBuffer() };
      else if (part.fieldname === 'title') upload.title = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(CREW_PAYMENT_MESSAGES.fileTooLarge, { file: [CREW_PAYMENT_MESSAGES.fileTooLarge] });
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(CREW_PAYMENT_MESSAGES.unreadable);
    if (error instanceof Error && MALFORMED.test(error.message)) throw badRequest(CREW_PAYMENT_MESSAGES.unreadable);
    throw error;
  }
  return upload;
}

/** The crews' payments, under /api/crew-payments: the list, the file upload and its template. */
export const crewPaymentsRoutes: FastifyPluginAsyncZod<{ service: CrewPaymentsService }> = async (app, { service }) => {
  const tags = ['crew-payments'];
  await app.register(multipart, {
    limits: { fileSize: CREW_PAYMENT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get('', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'The crews’ payments, newest first, 50 a page',
      querystring: listQuerySchema(crewPaymentsList),
      response: { 200: listResponseSchema(crewPaymentSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.post('/upload', {
    config: { access: USER_ADMIN_ROLES, idempotent: true },
    schema: {
      tags,
      summary:
        'Upload a .csv or .xlsx payment file (multipart: title, file) of at most 5 MB; all rows are saved or none, each bad line named',
      consumes: ['multipart/form-data'],
      response: { 201: crewPaymentsUploadedSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart())
        throw badRequest(CREW_PAYMENT_MESSAGES.fileRequired, { file: [CREW_PAYMENT_MESSAGES.fileRequired] });
      const { title, file } = await readUpload(request);
      return reply.status(201).send(await service.upload(title, file, requireUser(request).id));
    },
  });

  app.get('/template', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'The .xlsx template of a payment file: its columns and an example row',
      produces: [XLSX_TYPE],
      response: { 200: z.unknown().describe('The template'), ...errorResponses(401, 403) },
    },
    handler: async (_request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${TEMPLATE_NAME}"`)
        .send(await service.template()),
  });
};
