import { VISITS_TO_CONFIRM_PAGE_SIZE } from '@lawn/shared';
import { visits } from '../../db/schema';
import type { ListDefinition } from '../../http/list-query';

/** GET /api/billing/visits-to-confirm: scheduled mows nobody checked out of, oldest first, 10 a page. */
export const visitsToConfirmList: ListDefinition = {
  filters: {},
  sorts: { workday: visits.workday, id: visits.id },
  defaultSort: 'workday',
  defaultLimit: VISITS_TO_CONFIRM_PAGE_SIZE,
  maxLimit: 100,
  tiebreak: visits.id,
};
