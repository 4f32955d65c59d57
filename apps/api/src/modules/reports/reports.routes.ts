import { customerExportSchema, REPORT_MESSAGES, reportSchema, OFFICE_ROLES, sendReportSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { reportsList } from './reports.list';
import type { ReportsService } from './reports.service';

const messageSchema = z.object({ message: z.string() });
const acceptedSchema = z.object({ data: reportSchema, message: z.string() });

export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  const tags = ['reports'];
  const config = { access: OFFICE_ROLES };

  app.post('/customers', {
    // A client retrying an export after a lost answer must not start a second one.
    config: { ...config, idempotent: true },
    schema: {
      tags,
      summary: 'Export the customer list (chosen ids, or clients=all with the list query) as a background report',
      body: customerExportSchema,
      response: { 202: acceptedSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const report = await service.requestCustomerExport(requireUser(request).id, request.body);
      return reply.status(202).send({ data: report, message: REPORT_MESSAGES.processing });
    },
  });

  app.get('', {
    config,
    schema: {
      tags,
      summary: "The caller's reports, newest first",
      querystring: listQuerySchema(reportsList),
      response: { 200: listResponseSchema(reportSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      toListResponse(await service.list(requireUser(request).id, request.query), request.query, request.url),
  });

  app.get('/:id', {
    config,
    schema: {
      tags,
      summary: 'One of the caller’s reports (status and progress)',
      params: idParamsSchema,
      response: { 200: z.object({ data: reportSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(requireUser(request).id, request.params.id) }),
  });

  app.get('/:id/download', {
    config,
    schema: {
      tags,
      summary: 'The report file as an attachment (only when completed)',
      params: idParamsSchema,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/pdf'],
      response: {
        200: z.unknown().describe('The file, as an attachment'),
        ...errorResponses(400, 401, 403, 404, 409, 503),
      },
    },
    handler: async (request, reply) => {
      const file = await service.download(requireUser(request).id, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.stream);
    },
  });

  app.post('/:id/send', {
    config,
    schema: {
      tags,
      summary: 'E-mail the report file to the given addresses (only when completed)',
      params: idParamsSchema,
      body: sendReportSchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      await service.send(requireUser(request).id, request.params.id, request.body);
      return { message: REPORT_MESSAGES.mailSent };
    },
  });

  app.delete('/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete the report and its file',
      params: idParamsSchema,
      response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      await service.remove(requireUser(request).id, request.params.id);
      return { message: REPORT_MESSAGES.deleted };
    },
  });

  app.post('/:id/retry', {
    config,
    schema: {
      tags,
      summary: 'Run a failed report again',
      params: idParamsSchema,
      response: { 202: acceptedSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const report = await service.retry(requireUser(request).id, request.params.id);
      return reply.status(202).send({ data: report, message: REPORT_MESSAGES.processing });
    },
  });
};
