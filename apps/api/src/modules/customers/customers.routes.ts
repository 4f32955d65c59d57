import {
  cellphonePatchSchema,
  customerDetailSchema,
  customerHistoryEntrySchema,
  customerListRowSchema,
  customerPatchSchema,
  DELETE_CUSTOMER_ROLES,
  verifyAccountQuerySchema,
  verifyAccountResponseSchema,
  verifyEmailQuerySchema,
  verifyEmailResponseSchema,
  OFFICE_ROLES,
  recordSaveConflictSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { customerHistoryList } from './customer-history.list';
import { customersList, parseCustomerListQuery } from './customers.list';
import type { CustomersService } from './customers.service';

/**
 * The list's querystring: the documented parameters of the list helper, parsed with the customer list's default
 * filters (statusOrders=1 and status=1 unless the request names them).
 */
const customersQuerySchema = listQuerySchema(customersList).in.transform((raw, context) => {
  const result = parseCustomerListQuery(raw);
  if ('query' in result) return result.query;
  for (const [field, messages] of Object.entries(result.errors)) {
    for (const message of messages) context.addIssue({ code: 'custom', message, path: [field], input: raw[field] });
  }
  return z.NEVER;
});

export const customersRoutes: FastifyPluginAsyncZod<{ service: CustomersService }> = async (app, { service }) => {
  const tags = ['customers'];

  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Customer list: live properties with their customer (filters default to statusOrders=1 and status=1)',
      querystring: customersQuerySchema,
      response: { 200: listResponseSchema(customerListRowSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.get('/verify/email', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Whether another customer (not the one of property id) already uses the e-mail address',
      querystring: verifyEmailQuerySchema,
      response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      data: { exists: await service.isEmailTaken(request.query.email, request.query.id) },
    }),
  });

  app.get('/verify/account', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Whether the account number is taken (numbers are never reused); id is the live property holding it',
      querystring: verifyAccountQuerySchema,
      response: { 200: verifyAccountResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({ data: await service.verifyAccount(request.query.account) }),
  });

  app.get('/:id', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'One customer record (a property with its customer); id is the property id',
      params: idParamsSchema,
      response: { 200: z.object({ data: customerDetailSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.get(request.params.id) }),
  });

  app.patch('/:id', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary:
        'Change some fields (isRestart: true also sets statusOrders 0); recorded in the history. A field changed by ' +
        'someone else since its base value answers 409 with the conflicts; edits of different fields merge',
      params: idParamsSchema,
      body: customerPatchSchema,
      response: {
        200: z.object({ data: customerDetailSchema }),
        ...errorResponses(400, 401, 403, 404),
        409: recordSaveConflictSchema,
      },
    },
    handler: async (request) => ({
      data: await service.update(request.params.id, request.body, requireUser(request)),
    }),
  });

  app.patch('/:id/type-cellphone', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'Whether the contact number is a cellphone; recorded in the history',
      params: idParamsSchema,
      body: cellphonePatchSchema,
      response: { 200: z.object({ data: customerDetailSchema }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({
      data: await service.updateCellphone(request.params.id, request.body.isCellphone, requireUser(request)),
    }),
  });

  app.delete('/:id', {
    config: { access: DELETE_CUSTOMER_ROLES },
    schema: {
      tags,
      summary: 'Soft-delete a customer record (Admin and Manager); it disappears from lists and reads',
      params: idParamsSchema,
      response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await service.remove(request.params.id, requireUser(request));
      return { message: 'Successfully deleted' };
    },
  });

  app.get('/:id/history', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: "A customer record's history: who changed what, newest first",
      params: idParamsSchema,
      querystring: listQuerySchema(customerHistoryList),
      response: { 200: listResponseSchema(customerHistoryEntrySchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      toListResponse(await service.history(request.params.id, request.query), request.query, request.url),
  });
};
