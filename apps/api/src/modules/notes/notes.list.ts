import { NOTE_TYPES, NOTES_PAGE_SIZE } from '@lawn/shared';
import { z } from 'zod';
import { notes } from '../../db/schema';
import { equalsFilter, type ListDefinition } from '../../http/list-query';

const typeCodes = Object.keys(NOTE_TYPES).map(Number);

/**
 * GET /api/customers/{id}/notes: a record's notes of one or more types (private notes list 2 and 4 together), newest
 * first, 5 a page.
 */
export const notesList: ListDefinition = {
  filters: {
    typeId: equalsFilter(
      notes.typeId,
      z.coerce.number().refine((code) => typeCodes.includes(code)),
      `Type: ${Object.entries(NOTE_TYPES)
        .map(([code, label]) => `${code} ${label}`)
        .join(', ')}`,
    ),
  },
  sorts: { id: notes.id, serviceDate: [notes.serviceDate, notes.serviceHour] },
  defaultSort: '-id',
  defaultLimit: NOTES_PAGE_SIZE,
  maxLimit: 100,
  tiebreak: notes.id,
};
