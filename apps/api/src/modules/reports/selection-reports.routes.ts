import {
  bushBedReportRowSchema,
  OFFICE_ROLES,
  operationsReportRowSchema,
  reconciliationReportRowSchema,
  REPORT_MESSAGES,
  reportSchema,
  selectionReportRequestSchema,
  type SelectionReportType,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { SELECTION_REPORTS } from './selection-reports';
import type { SelectionReportsService } from './selection-reports.service';

const acceptedSchema = z.object({ data: reportSchema, message: z.string() });

const REPORTS: Record<SelectionReportType, { row: z.ZodType; title: string }> = {
  operations: { row: operationsReportRowSchema, title: 'The operations report: the crews’ service days and stops' },
  reconciliation: {
    row: reconciliationReportRowSchema,
    title: 'The reconciliation report: scheduled, done and billed per property and week, with the differences',
  },
  'bush-bed': { row: bushBedReportRowSchema, title: 'The bush-bed report: the bush-and-bed services' },
};

/** GET /api/reports/{type} (a page of the report) and POST /api/reports/{type} (its file, as a background report). */
export const selectionReportsRoutes: FastifyPluginAsyncZod<{ service: SelectionReportsService }> = async (
  app,
  { service },
) => {
  const tags = ['reports'];
  const config = { access: OFFICE_ROLES };

  for (const type of Object.keys(REPORTS) as SelectionReportType[]) {
    const { row, title } = REPORTS[type];
    app.get(`/${type}`, {
      config,
      schema: {
        tags,
        summary: `${title} (year, week, weekDay, crew, market as filter[...])`,
        querystring: listQuerySchema(SELECTION_REPORTS[type].list),
        response: { 200: listResponseSchema(row), ...errorResponses(400, 401, 403) },
      },
      handler: async (request) => toListResponse(await service.list(type, request.query), request.query, request.url),
    });

    app.post(`/${type}`, {
      // A client retrying after a lost answer must not start a second report.
      config: { ...config, idempotent: true },
      schema: {
        tags,
        summary: `${title}, as a file written in the background (chosen ids, or clients=all with the grid's query)`,
        body: selectionReportRequestSchema(type),
        response: { 202: acceptedSchema, ...errorResponses(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const report = await service.request(requireUser(request).id, type, request.body);
        return reply.status(202).send({ data: report, message: REPORT_MESSAGES.processing });
      },
    });
  }
};
