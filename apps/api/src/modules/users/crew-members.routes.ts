import {
  CREW_MESSAGES,
  crewMemberCreateSchema,
  crewMemberUpdateSchema,
  USER_ADMIN_ROLES,
  userDetailResponseSchema,
  userSavedResponseSchema,
  type UserDetail,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { UsersService } from './users.service';

/** A crew member is a crew user without a market (B&B crews have their own page). */
const isCrewMember = (user: UserDetail): boolean => user.role === 'crew' && user.serviceMarketId === null;

/** The Crew members page, under /api/crew-members; its grid is GET /api/users?filter[kind]=crew. */
export const crewMembersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const tags = ['users'];

  app.get('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'One crew member, as the crew form edits it',
      params: idParamsSchema,
      response: { 200: userDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ data: await service.read(request.params.id, isCrewMember) }),
  });

  app.post('', {
    config: { access: USER_ADMIN_ROLES, idempotent: true },
    schema: {
      tags,
      summary: 'Create a crew member; without a password they are e-mailed a set-your-password link',
      body: crewMemberCreateSchema,
      response: { 201: userSavedResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { user } = await service.create({ ...request.body, role: 'crew' }, requireUser(request).id);
      return reply.status(201).send({ message: CREW_MESSAGES.created, data: user });
    },
  });

  app.patch('/:id', {
    config: { access: USER_ADMIN_ROLES },
    schema: {
      tags,
      summary: 'Edit a crew member from the version read (409 when it changed since); status 0 deactivates',
      params: idParamsSchema,
      body: crewMemberUpdateSchema,
      response: { 200: userSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { user } = await service.update(request.params.id, request.body, requireUser(request).id, isCrewMember);
      return { message: CREW_MESSAGES.updated, data: user };
    },
  });
};
