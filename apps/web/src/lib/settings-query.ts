import { queryOptions } from '@tanstack/react-query';
import { settingsResponseSchema } from '@lawn/shared';
import { api } from './api';

/**
 * GET /api/settings: the values with their version, the markets, and each section's last change. The admin panel
 * edits them and the schedule screen opens on their mow year; one key, so a saved change reloads both.
 */
export const settingsQuery = queryOptions({
  queryKey: ['settings'] as const,
  queryFn: async ({ signal }) => settingsResponseSchema.parse(await api.get('/settings', { signal })).data,
});
