import {
  OFFICE_ROLES,
  USER_ADMIN_ROLES,
  USER_FORM_ROLES,
  USER_MESSAGES,
  userCreateSchema,
  userDetailResponseSchema,
  userHistoryResponseSchema,
  userSavedResponseSchema,
  userSummarySchema,
  userUpdateSchema,
  type UserDetail,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { usersList } from './users.list';
import type { UsersService } from './users.service';

/** The Users page edits staff accounts only: crew members and customers have their own pages. */
const isStaffUser = (user: UserDetail): boolean => (USER_FORM_ROLES as readonly string[]).includes(user.role);

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const tags = ['users'];

  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'List users',
      querystring: listQuerySchema(usersList),
      response: { 200: listResponseSchema(userSummarySchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.list(request.query), request.query, request.url),
  });

  app.get('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'One staff user, as the user form edits it',
      params: idParamsSchema,
      response: { 200: userDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.read(request.params.id, isStaffUser) }),
  });

  app.post('', {
    config: { access: USER_ADMIN_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Create a staff user; without a password they are e-mailed a set-your-password link',
      body: userCreateSchema,
      response: { 201: userSavedResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { user, invited } = await service.create(request.body, requireUser(request).id);
      return reply.status(201).send({ message: invited ? USER_MESSAGES.invited : USER_MESSAGES.created, data: user });
    },
  });

  app.get('/:id/history', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary:
        "A staff, crew or B&B crew user's changes, newest first: what was done, each field before and after, who and when (never the password)",
      params: idParamsSchema,
      response: { 200: userHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.history(request.params.id) }),
  });

  app.patch('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary:
        'Edit a staff user from the version read (409 when it changed since); status 0 deactivates and ends their sessions',
      params: idParamsSchema,
      body: userUpdateSchema,
      response: { 200: userSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { user } = await service.update(request.params.id, request.body, requireUser(request).id, isStaffUser);
      return { message: USER_MESSAGES.updated, data: user };
    },
  });
};
