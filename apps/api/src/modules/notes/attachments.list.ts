import { ATTACHMENTS_PAGE_SIZE } from '@lawn/shared';
import { noteAttachments } from '../../db/schema';
import type { ListDefinition } from '../../http/list-query';

/** GET /api/customers/{id}/notes/{noteId}/attachments: a note's files, newest first, 5 a page. */
export const attachmentsList: ListDefinition = {
  filters: {},
  sorts: { id: noteAttachments.id, filename: noteAttachments.filename },
  defaultSort: '-id',
  defaultLimit: ATTACHMENTS_PAGE_SIZE,
  maxLimit: 100,
  tiebreak: noteAttachments.id,
};
