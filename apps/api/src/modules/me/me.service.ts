import { navigationForRole, type Me, type UserSummary } from '@lawn/shared';

/** The signed-in user as the web keeps it: the user, the roles list the spec checks, and the drawer entries. */
export function describeMe(user: UserSummary): Me {
  return { ...user, roles: [user.role], navigation: navigationForRole(user.role) };
}
