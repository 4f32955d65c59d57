import { pageSchema, userSummarySchema } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const crewUsersSchema = pageSchema(userSummarySchema);

/** Every active crew user fits in one page: a company has dozens of crews, the list answers up to 500 rows. */
const CREW_USERS_LIMIT = 500;

/**
 * The crew numbers a property can be given: those of the active crew users (users and crews lists),
 * each once, in order.
 */
export function useCrewNumbersQuery() {
  return useQuery({
    queryKey: ['crews', 'numbers'] as const,
    queryFn: async ({ signal }) => {
      const page = crewUsersSchema.parse(
        await api.get('/users', {
          query: { 'filter[role]': 'crew', 'filter[status]': 1, sort: 'id', limit: CREW_USERS_LIMIT },
          signal,
        }),
      );
      const numbers = page.data.flatMap((user) => (user.crewNumber === null ? [] : [user.crewNumber]));
      return [...new Set(numbers)].sort((a, b) => a - b);
    },
    staleTime: 5 * 60 * 1000,
  });
}
