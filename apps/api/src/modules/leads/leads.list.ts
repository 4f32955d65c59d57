import { LEADS_DEFAULT_SORT, ZIP_PATTERN } from '@lawn/shared';
import { z } from 'zod';
import { leads } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

/** GET /api/leads: newest first, 25 a page; the office may narrow it to one zip code. */
export const leadsList: ListDefinition = {
  filters: {
    zipcode: equalsFilter(leads.zipcode, z.string().regex(ZIP_PATTERN), 'Zip code (5 digits)'),
  },
  sorts: { createdAt: leads.createdAt, id: leads.id },
  defaultSort: LEADS_DEFAULT_SORT,
  defaultLimit: 25,
  maxLimit: 100,
  tiebreak: leads.id,
};
