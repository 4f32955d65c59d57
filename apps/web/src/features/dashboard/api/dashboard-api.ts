import { dashboardResponseSchema } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const dashboardKey = ['dashboard'] as const;

/** Every market's figures in one read; the page reloads them at each hour and on demand. */
export function useDashboardQuery() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async ({ signal }) => dashboardResponseSchema.parse(await api.get('/dashboard', { signal })),
  });
}
