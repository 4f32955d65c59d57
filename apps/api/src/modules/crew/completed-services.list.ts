import { COMPLETED_SERVICES_PAGE_SIZE } from '@lawn/shared';
import { visits } from '../../db/schema';
import type { ListDefinition } from '../../http/list-query';

/** GET /api/customers/{id}/completed-services: a record's checked-out visits, newest first, 10 a page. */
export const completedServicesList: ListDefinition = {
  filters: {},
  sorts: { workday: visits.workday, id: visits.id },
  defaultSort: '-workday',
  defaultLimit: COMPLETED_SERVICES_PAGE_SIZE,
  maxLimit: 100,
  tiebreak: visits.id,
};
