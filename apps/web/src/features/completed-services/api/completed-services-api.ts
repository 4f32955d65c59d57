import { COMPLETED_SERVICES_PAGE_SIZE, completedServiceSchema, pageSchema, type CompletedService } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhotoLoader } from '../../../components/VisitPhotosDialog';
import { api } from '../../../lib/api';

const completedServicesPageSchema = pageSchema(completedServiceSchema);

/** A page (from 0) of the record's completed services, newest first. */
export function useCompletedServicesQuery(customerId: number, page: number) {
  return useQuery({
    queryKey: ['completed-services', customerId, page],
    queryFn: async ({ signal }) =>
      completedServicesPageSchema.parse(
        await api.get(`/customers/${customerId}/completed-services`, {
          query: { page: page + 1, limit: COMPLETED_SERVICES_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** A completed service's photo, through the office's authorized file route. */
export const loadOfficePhoto =
  (customerId: number): PhotoLoader =>
  async (visit: CompletedService, photo) =>
    (await api.download(`/customers/${customerId}/completed-services/${visit.id}/photos/${photo.id}`)).blob;
