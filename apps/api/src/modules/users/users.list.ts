import { ROLES, USER_FORM_ROLES } from '@lawn/shared';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { containsFilter, equalsFilter, filter, type ListDefinition } from '../../http/list-query';

/** Which page's people: the Users page's staff, the Crew members page's crews, the B&B crews page's crews. */
const USER_KINDS = ['staff', 'crew', 'bb-crew'] as const;
const kindWhere = {
  staff: inArray(users.role, [...USER_FORM_ROLES]),
  crew: and(eq(users.role, 'crew'), isNull(users.serviceMarketId)),
  'bb-crew': and(eq(users.role, 'crew'), isNotNull(users.serviceMarketId)),
} as const;

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** GET /api/users: the users grid (10 a page, newest first) and the role-filtered pickers (CSRs, crews). */
export const usersList: ListDefinition = {
  filters: {
    role: equalsFilter(users.role, z.enum(ROLES), `Role: ${ROLES.join(', ')}`),
    status: equalsFilter(users.status, z.coerce.number().int(), 'Status: 1 active, 0 inactive'),
    kind: filter(z.enum(USER_KINDS), (kinds) => or(...kinds.map((kind) => kindWhere[kind])), {
      description: 'staff (the Users page), crew (crew members), bb-crew (B&B crews)',
    }),
    email: containsFilter(users.email, 'Part of the e-mail address'),
    fullName: containsFilter(fullName, 'Part of "first last" name'),
  },
  sorts: {
    id: users.id,
    // The database collates byte-wise, so names sort case-insensitively by hand.
    fullName: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
    email: sql`lower(${users.email})`,
    role: sql`lower(${users.role})`,
    joinDate: users.joinDate,
  },
  defaultSort: '-id',
  defaultLimit: 10,
  tiebreak: users.id,
};

/** GET /api/bb-crews: the B&B crews list (10 a page, newest first). */
export const bbCrewsList: ListDefinition = {
  filters: {
    serviceMarketId: equalsFilter(users.serviceMarketId, z.coerce.number().int(), 'The market they work in'),
    status: equalsFilter(users.status, z.coerce.number().int(), 'Status: 1 active, 0 inactive'),
  },
  sorts: { id: users.id, fullName: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`] },
  defaultSort: '-id',
  defaultLimit: 10,
  tiebreak: users.id,
};
