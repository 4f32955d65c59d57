import {
  bbCrewCreateSchema,
  bbCrewRowSchema,
  bbCrewUpdateSchema,
  CREW_MESSAGES,
  USER_ADMIN_ROLES,
  userDetailResponseSchema,
  userSavedResponseSchema,
  type UserDetail,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { listQuerySchema, listResponseSchema, toListResponse } from '../../http/list-query';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import { bbCrewsList } from './users.list';
import type { UsersService } from './users.service';

/** A B&B (bush-and-bed) crew member is a crew user who works in one market. */
const isBbCrew = (user: UserDetail): boolean => user.role === 'crew' && user.serviceMarketId !== null;

/** The B&B crews page, under /api/bb-crews. */
export const bbCrewsRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const tags = ['users'];

  app.get('', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'List the B&B crew members with their market',
      querystring: listQuerySchema(bbCrewsList),
      response: { 200: listResponseSchema(bbCrewRowSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => toListResponse(await service.listBbCrews(request.query), request.query, request.url),
  });

  app.get('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'One B&B crew member, as their form edits them',
      params: idParamsSchema,
      response: { 200: userDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.read(request.params.id, isBbCrew) }),
  });

  app.post('', {
    config: { access: USER_ADMIN_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Create a B&B crew member in a market; they are e-mailed a set-your-password link',
      body: bbCrewCreateSchema,
      response: { 201: userSavedResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { user } = await service.create({ ...request.body, password: '', role: 'crew' }, requireUser(request).id);
      return reply.status(201).send({ message: CREW_MESSAGES.created, data: user });
    },
  });

  app.patch('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'Edit a B&B crew member from the version read (409 when it changed since); status 0 deactivates',
      params: idParamsSchema,
      body: bbCrewUpdateSchema,
      response: { 200: userSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { user } = await service.update(request.params.id, request.body, requireUser(request).id, isBbCrew);
      return { message: CREW_MESSAGES.updated, data: user };
    },
  });
};
