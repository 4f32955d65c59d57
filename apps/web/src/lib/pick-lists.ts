import { pageSchema, pickListOptionSchema, type PickListId } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

const pickListPageSchema = pageSchema(pickListOptionSchema);

/**
 * The options of a pick list (GET /api/picklists) in the list's order: the billing reasons, the how-heard sources or
 * their options. Reference data no screen changes, so it is asked once per page load and shared by every form that
 * offers it.
 */
export function usePickListQuery(picklistId: PickListId) {
  return useQuery({
    queryKey: ['pick-lists', picklistId] as const,
    queryFn: async ({ signal }) =>
      pickListPageSchema.parse(
        await api.get('/picklists', { query: { 'filter[picklistId]': picklistId, limit: 500 }, signal }),
      ).data,
    staleTime: Infinity,
  });
}

/** The choices of a select: the loaded ones, and the record's own value even when the list does not have it. */
export function choicesWith(choices: readonly string[], current: string | null | undefined): readonly string[] {
  return !current || choices.includes(current) ? choices : [current, ...choices];
}
