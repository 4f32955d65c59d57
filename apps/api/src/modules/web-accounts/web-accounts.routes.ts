import { WEB_ACCOUNT_INVITE_ROLES, WEB_ACCOUNT_MESSAGES, webAccountInvitationResponseSchema } from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { WebAccountsService } from './web-accounts.service';

/** 'Send web-account invitation' of a customer record, under /api/customers. */
export const webAccountsRoutes: FastifyPluginAsyncZod<{ service: WebAccountsService }> = async (app, { service }) => {
  app.post('/:id/web-account-invitation', {
    // Idempotent: a retried click sends one e-mail.
    config: { access: WEB_ACCOUNT_INVITE_ROLES, idempotent: true },
    schema: {
      tags: ['customers'],
      summary:
        "Give the record's customer a web account (if none) and e-mail a link to set its password; recorded in the history",
      params: idParamsSchema,
      response: { 200: webAccountInvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { email } = await service.inviteFromRecord(request.params.id, requireUser(request));
      return { message: WEB_ACCOUNT_MESSAGES.invitationSent, data: { email } };
    },
  });
};
