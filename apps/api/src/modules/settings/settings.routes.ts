import {
  marketSavedResponseSchema,
  marketUpdateSchema,
  OFFICE_ROLES,
  SETTINGS_EDIT_ROLES,
  SETTINGS_MESSAGES,
  settingsPatchSchema,
  settingsResponseSchema,
} from '@lawn/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/openapi';
import { idParamsSchema } from '../../http/params';
import type { SettingsService } from './settings.service';

/** The admin panel: the business's settings and markets; the office reads them, an Admin changes them. */
export const settingsRoutes: FastifyPluginAsyncZod<{ service: SettingsService }> = async (app, { service }) => {
  const tags = ['settings'];

  app.get('', {
    config: { access: OFFICE_ROLES },
    schema: {
      tags,
      summary: 'The settings with their version, the markets, and the last change of each section',
      response: { 200: settingsResponseSchema, ...errorResponses(401, 403) },
    },
    handler: async () => ({ data: await service.read() }),
  });

  app.patch('', {
    config: { access: SETTINGS_EDIT_ROLES },
    schema: {
      tags,
      summary: 'Change some settings from the version read (409 when it moved since)',
      body: settingsPatchSchema,
      response: { 200: settingsResponseSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => ({ data: await service.update(request.body, requireUser(request).id) }),
  });

  app.patch('/markets/:id', {
    config: { access: SETTINGS_EDIT_ROLES },
    schema: {
      tags,
      summary: "Change a market's name, tax rate, time zone, phone and depot from the version read (409 when it moved)",
      params: idParamsSchema,
      body: marketUpdateSchema,
      response: { 200: marketSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      message: SETTINGS_MESSAGES.marketSaved,
      data: await service.updateMarket(request.params.id, request.body, requireUser(request).id),
    }),
  });
};
