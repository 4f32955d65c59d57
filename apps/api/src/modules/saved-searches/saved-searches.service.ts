import { SAVED_SEARCH_MESSAGES, type CustomerListRow, type SavedSearch, type SavedSearchCreate } from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, notFound, type FieldErrors } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import { parseCustomerListQuery, type CustomerListQuery, type CustomersService } from '../customers/customers.service';
import * as repo from './saved-searches.repo';

export type SavedSearchesServiceDeps = { db: Database; customers: Pick<CustomersService, 'list'> };

const FILTER_KEY = /^filter\[([^\]]*)\]$/;
const UNKNOWN_FILTER = /^Unknown filter: /;

/**
 * A saved filter string as the customer list's query: every parameter a `filter[...]`, each once (a second one is
 * passed on as a list, which the list refuses). Anything else in the string names the parameter that is wrong.
 */
function filterQueryOf(filter: string): { raw: Record<string, string | string[]> } | { errors: FieldErrors } {
  const raw: Record<string, string | string[]> = {};
  const others: string[] = [];
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(filter);
  } catch {
    return { errors: { filter: ['The search is not a filter string'] } };
  }
  for (const [key, value] of params) {
    if (!FILTER_KEY.test(key)) others.push(key);
    const before = raw[key];
    raw[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  if (others.length > 0)
    return { errors: { filter: [`Only filter[...] parameters can be saved, not: ${others.join(', ')}`] } };
  if (Object.keys(raw).length === 0) return { errors: { filter: [SAVED_SEARCH_MESSAGES.noParameter] } };
  return { raw };
}

/** The customer list's query of a saved filter string, with its first page; or the list's own field errors. */
function customerQueryOf(filter: string): { query: CustomerListQuery } | { errors: FieldErrors; unknown: string[] } {
  const parsed = filterQueryOf(filter);
  if ('errors' in parsed) return { errors: parsed.errors, unknown: [] };
  const result = parseCustomerListQuery({ ...parsed.raw, page: '1' });
  if ('query' in result) return result;
  const unknown = Object.entries(result.errors)
    .filter(([, messages]) => messages.some((message) => UNKNOWN_FILTER.test(message)))
    .map(([key]) => FILTER_KEY.exec(key)?.[1] ?? key);
  return { errors: result.errors, unknown };
}

/**
 * Saved searches: a person's lookups kept under a name. Each is the user's own: another user's answers 404, as if it
 * did not exist.
 */
export function createSavedSearchesService({ db, customers }: SavedSearchesServiceDeps) {
  async function findOwned(userId: number, id: number) {
    const row = await repo.findOwnedSavedSearch(db, userId, id);
    if (!row) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    return row;
  }

  return {
    list: (userId: number, query: ListQuery): Promise<ListResult<SavedSearch>> =>
      repo.listSavedSearches(db, userId, query),

    /** Saves a lookup whose filter string the customer list takes as it is: each name known, each value valid. */
    async create(userId: number, input: SavedSearchCreate): Promise<SavedSearch> {
      const checked = customerQueryOf(input.filter);
      if ('errors' in checked) {
        throw badRequest(undefined, { filter: Object.entries(checked.errors).flatMap(([, messages]) => messages) });
      }
      return repo.toSavedSearch(await repo.insertSavedSearch(db, { userId, name: input.name, filter: input.filter }));
    },

    /**
     * Process: the customer list's first page for the saved filter. A search saved with a filter the list no longer
     * has answers 400 saying so, as does one whose values the list's rules now refuse.
     */
    async customers(
      userId: number,
      id: number,
    ): Promise<{ query: CustomerListQuery; result: ListResult<CustomerListRow> }> {
      const row = await findOwned(userId, id);
      const checked = customerQueryOf(row.filter);
      if ('errors' in checked) {
        if (checked.unknown.length > 0) {
          throw badRequest(SAVED_SEARCH_MESSAGES.unknownFilters(checked.unknown), checked.errors);
        }
        throw badRequest(undefined, checked.errors);
      }
      return { query: checked.query, result: await customers.list(checked.query) };
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteOwnedSavedSearch(db, userId, id))) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
