import multipart from '@fastify/multipart';
import {
  CREW_PAYMENT_FILE_MAX_BYTES,
  crewPaymentSchema,
  crewPaymentsUploadedSchema,
  USER_ADMIN_ROLES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { sendXlsxAttachment, XLSX_TYPE } from '../../http/file-reply';
import { readTitledUpload, uploadLimits } from '../../http/file-upload';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { crewPaymentsList } from './crew-payments.list';
import type { CrewPaymentsService } from './crew-payments.service';

const TEMPLATE_NAME = 'crew-payments-template.xlsx';

/** The crews' payments, under /api/crew-payments: the list, the file upload and its template. */
export const crewPaymentsRoutes: FastifyPluginAsyncZod<{ service: CrewPaymentsService }> = async (app, { service }) => {
  const tags = ['crew-payments'];
  await app.register(multipart, {
    limits: uploadLimits(CREW_PAYMENT_FILE_MAX_BYTES),
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
      const { title, file } = await readTitledUpload(request);
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
    handler: async (_request, reply) => sendXlsxAttachment(reply, TEMPLATE_NAME, await service.template()),
  });
};
