import { PICK_LIST_IDS } from '@lawn/shared';
import { z } from 'zod';
import { pickListOptions } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/picklists: the options of one or more pick lists, in their list's order by default. */
export const pickListsList: ListDefinition = {
  filters: {
    picklistId: equalsFilter(
      pickListOptions.picklistId,
      z.coerce.number().refine((id) => (PICK_LIST_IDS as readonly number[]).includes(id)),
      `Pick list: ${PICK_LIST_IDS.join(', ')} (1 how-heard sources, 2 their options, 7 billing reasons)`,
    ),
    groupId: equalsFilter(pickListOptions.groupId, z.coerce.number().int(), "A how-heard option's source code"),
  },
  sorts: {
    position: [pickListOptions.picklistId, pickListOptions.groupId, pickListOptions.position],
    name: pickListOptions.name,
    id: pickListOptions.id,
  },
  defaultSort: 'position',
  defaultLimit: 100,
  maxLimit: 500,
  tiebreak: pickListOptions.id,
};
