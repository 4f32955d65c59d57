import { marketSavedResponseSchema, settingsResponseSchema, type MarketUpdate, type SettingsPatch } from '@lawn/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { settingsQuery } from '../../../lib/settings-query';

const settingsKey = settingsQuery.queryKey;

/** GET /api/settings: the values with their version, the markets, and each section's last change. */
export function useSettingsQuery() {
  return useQuery(settingsQuery);
}

/**
 * PATCH /api/settings from the version read. Saved or refused as stale (409), the settings are read again, so the
 * page shows what is stored now and the next save sends the newer version.
 */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) =>
      settingsResponseSchema.parse(await api.request('/settings', { method: 'PATCH', body: patch })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}

/** PATCH /api/settings/markets/{id} from the market's own version; the market's dialog shows a refusal. */
export function useSaveMarketMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_ERRORS,
    mutationFn: async ({ id, ...update }: MarketUpdate & { id: number }) =>
      marketSavedResponseSchema.parse(await api.request(`/settings/markets/${id}`, { method: 'PATCH', body: update }))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey }),
  });
}
