import { SAVED_SEARCH_PAGE_SIZE } from '@lawn/shared';
import { savedSearches } from '../../db/schema';
import type { ListDefinition } from '../../http/list-query';

/** GET /api/saved-searches: the caller's saved searches, newest first, 10 a page. */
export const savedSearchesList: ListDefinition = {
  filters: {},
  sorts: { createdAt: savedSearches.createdAt, id: savedSearches.id, name: savedSearches.name },
  defaultSort: '-createdAt',
  defaultLimit: SAVED_SEARCH_PAGE_SIZE,
  maxLimit: 100,
  tiebreak: savedSearches.id,
};
