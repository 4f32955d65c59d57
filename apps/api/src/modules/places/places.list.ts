import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { states } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/states: every state in one page by default, by name; `filter[isActive]=1` the states the business serves. */
export const statesList: ListDefinition = {
  filters: {
    isActive: equalsFilter(
      states.isActive,
      z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true'),
      'Whether the business serves the state: 1 or true, 0 or false',
    ),
  },
  sorts: { name: sql`lower(${states.name})`, code: states.code, id: states.id },
  defaultSort: 'name',
  defaultLimit: 100,
  maxLimit: 100,
  tiebreak: states.id,
};
