import multipart from '@fastify/multipart';
import {
  idParamSchema,
  PRICE_EDIT_ROLES,
  PRICE_UPDATE_MESSAGES,
  pricePreviewSchema,
  priceUpdateItemSchema,
  priceUpdateRequestSchema,
  priceUpdateSchema,
  priceUpdateStartedSchema,
  UPLOAD_FILE_MAX_BYTES,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { sendXlsxAttachment, XLSX_TYPE } from '../../http/file-reply';
import { readTitledUpload, uploadLimits } from '../../http/file-upload';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { priceUpdateItemsList, priceUpdateJobsList, priceUpdatesList } from './price-updates.list';
import type { PriceUpdatesService } from './price-updates.service';

const TEMPLATE_NAME = 'price-update-template.xlsx';
const byId = z.object({ id: idParamSchema });

/**
 * Bulk price updates, under /api/price-updates: a preview, an increase or decrease of every active price (of the
 * business or of one market), a file of per-property prices, the list with each update's properties, and undo.
 * Prices are a management decision: Admin and Manager only.
 */
export const priceUpdatesRoutes: FastifyPluginAsyncZod<{ service: PriceUpdatesService }> = async (app, { service }) => {
  const tags = ['price-updates'];
  const access = PRICE_EDIT_ROLES;
  await app.register(multipart, { limits: uploadLimits(UPLOAD_FILE_MAX_BYTES) });

  app.get('', {
    config: { access },
    schema: {
      tags,
      summary: 'The bulk price updates, newest first, 10 a page',
      querystring: listQuerySchema(priceUpdatesList),
      response: { 200: listResponseSchema(priceUpdateSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.get('/jobs', {
    config: { access },
    schema: {
      tags,
      summary:
        'The background runs of the price updates; render=count&filter[status]=in_progress&filter[type]=update-bulk-prices counts the running one',
      querystring: listQuerySchema(priceUpdateJobsList),
      response: { 200: listResponseSchema(priceUpdateSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.post('/preview', {
    config: { access },
    schema: {
      tags,
      summary: 'What an increase or decrease would do: the properties it changes, the weekly revenue change, a sample',
      body: priceUpdateRequestSchema,
      response: { 200: z.object({ data: pricePreviewSchema }), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.preview(request.body) }),
  });

  app.post('', {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary: 'Start an increase or decrease of every active price, in the background; 409 while one runs',
      body: priceUpdateRequestSchema,
      response: { 201: priceUpdateStartedSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const data = await service.start(request.body, requireUser(request));
      return reply.status(201).send({ message: PRICE_UPDATE_MESSAGES.started, data });
    },
  });

  app.post('/upload', {
    config: { access, idempotent: true },
    schema: {
      tags,
      summary:
        'Start a file of per-property prices (multipart: title, a .csv or .xlsx file of Account number, Price); a file with a bad line starts nothing and names it; 409 while one runs',
      consumes: ['multipart/form-data'],
      response: { 201: priceUpdateStartedSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const { title, file } = await readTitledUpload(request);
      const data = await service.startFile(title, file, requireUser(request));
      return reply.status(201).send({ message: PRICE_UPDATE_MESSAGES.started, data });
    },
  });

  app.get('/template', {
    config: { access },
    schema: {
      tags,
      summary: 'The .xlsx template of a price file: its columns and an example row',
      produces: [XLSX_TYPE],
      response: { 200: z.unknown().describe('The template'), ...errorResponses(401, 403) },
    },
    handler: async (_request, reply) => sendXlsxAttachment(reply, TEMPLATE_NAME, await service.template()),
  });

  app.get('/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One price update',
      params: byId,
      response: { 200: z.object({ data: priceUpdateSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(request.params.id) }),
  });

  app.get('/:id/items', {
    config: { access },
    schema: {
      tags,
      summary: 'Every property the update changed, with its old and new price and what an undo did with it',
      params: byId,
      querystring: listQuerySchema(priceUpdateItemsList),
      response: { 200: listResponseSchema(priceUpdateItemSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toListResponse(await service.items(request.params.id, request.query), request.query, request.url),
  });

  app.post('/:id/undo', {
    config: { access },
    schema: {
      tags,
      summary:
        'Undo an update in the background: old prices back except where a price changed since (listed as skipped); 409 while one runs',
      params: byId,
      response: { 200: priceUpdateStartedSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: PRICE_UPDATE_MESSAGES.undoStarted,
      data: await service.undo(request.params.id, requireUser(request)),
    }),
  });
};
