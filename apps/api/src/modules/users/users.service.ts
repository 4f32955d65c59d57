import type { Role, UserSummary } from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { ListQuery, ListResult } from '../../http/list-query';
import * as repo from './users.repo';

/** The active users of these roles: whom a message for a role reaches. */
export const activeUserIdsWithRoles = (executor: Executor, roles: readonly Role[]): Promise<number[]> =>
  repo.findActiveUserIdsWithRoles(executor, roles);

export function createUsersService({ db }: { db: Database }) {
  return {
    /**
     * The user behind an access token, if still active and the token's session still live: a disabled user, a
     * logout, a detected refresh-token reuse or a password reset loses access at the next request, on every process.
     */
    findSessionUser: repo.prepareFindSessionUser(db),
    list: (query: ListQuery): Promise<ListResult<UserSummary>> => repo.listUsers(db, query),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
