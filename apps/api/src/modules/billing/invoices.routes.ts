import { invoiceRowSchema, OFFICE_ROLES } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import type { InvoicesService } from './billing.service';
import { invoicesList } from './invoices.list';

/** The invoices screen (/invoices): every billed service, newest first, paged on the server. */
export const invoicesRoutes: FastifyPluginAsyncZod<{ service: InvoicesService }> = async (app, { service }) => {
  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags: ['invoices'],
      summary: 'Invoices: payment number, total, service address, account number and name, date, status',
      querystring: listQuerySchema(invoicesList),
      response: { 200: listResponseSchema(invoiceRowSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });
};
