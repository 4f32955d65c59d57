import { ROLES } from '@lawn/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { containsFilter, equalsFilter, type ListDefinition } from '../../http/list-query';

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** GET /api/users: the users grid (10 a page, newest first) and the role-filtered pickers (CSRs, crews). */
export const usersList: ListDefinition = {
  filters: {
    role: equalsFilter(users.role, z.enum(ROLES), `Role: ${ROLES.join(', ')}`),
    status: equalsFilter(users.status, z.coerce.number().int(), 'Status: 1 active, 0 inactive'),
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
