import { propertyAnswersResponseSchema } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { customerKeys } from '../../../lib/query-keys';

/**
 * The answers about the property given at sign-up and the releases of liability; null for a customer who signed up
 * before they were kept. Under the record's key: a change to the record (its gate codes) reloads it too.
 */
export function usePropertyAnswersQuery(id: number) {
  return useQuery({
    queryKey: [...customerKeys.detail(id), 'property-answers'],
    queryFn: async ({ signal }) =>
      propertyAnswersResponseSchema.parse(await api.get(`/customers/${id}/property-answers`, { signal })).data,
  });
}
