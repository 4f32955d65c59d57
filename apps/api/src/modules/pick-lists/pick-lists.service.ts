import type { PickListOption } from '@lawn/shared';
import type { Database } from '../../db/client';
import type { ListQuery, ListResult } from '../../http/list-query';
import * as repo from './pick-lists.repo';

/** The pick lists are reference data: read here, never written through the API. */
export function createPickListsService({ db }: { db: Database }) {
  return {
    list: (query: ListQuery): Promise<ListResult<PickListOption>> => repo.listPickListOptions(db, query),
  };
}

export type PickListsService = ReturnType<typeof createPickListsService>;
