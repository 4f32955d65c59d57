import { COMPLETED_SERVICES_PAGE_SIZE, completedServiceSchema, pageSchema, type CompletedService } from '@lawn/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhotoLoader } from '../../../components/VisitPhotosDialog';
import { api } from '../../../lib/api';

const completedServicesPageSchema = pageSchema(completedServiceSchema);

/**
 * Whose completed services are shown: the office reads any record's (`customerId` is the property id); a customer
 * their own property's, through their web account's routes.
 */
export type CompletedServicesSource =
  { audience: 'office'; customerId: number } | { audience: 'customer'; propertyId: number };

function listRequest(source: CompletedServicesSource, page: number) {
  return source.audience === 'office'
    ? {
        path: `/customers/${source.customerId}/completed-services`,
        query: { page: page + 1, limit: COMPLETED_SERVICES_PAGE_SIZE },
      }
    : { path: '/web/visits', query: { propertyId: source.propertyId, page: page + 1 } };
}

/** A page (from 0) of the property's completed services, newest first. */
export function useCompletedServicesQuery(source: CompletedServicesSource, page: number) {
  const { path, query } = listRequest(source, page);
  return useQuery({
    queryKey: ['completed-services', source.audience, path, query],
    queryFn: async ({ signal }) => completedServicesPageSchema.parse(await api.get(path, { query, signal })),
    placeholderData: keepPreviousData,
  });
}

/** A completed service's photo, through the authorized file route of the source's audience. */
export const photoLoaderOf =
  (source: CompletedServicesSource): PhotoLoader =>
  async (visit: CompletedService, photo) => {
    const path =
      source.audience === 'office'
        ? `/customers/${source.customerId}/completed-services/${visit.id}/photos/${photo.id}`
        : `/web/visits/${visit.id}/photos/${photo.id}`;
    return (await api.download(path)).blob;
  };
