import {
  ATTACHMENTS_PAGE_SIZE,
  attachmentSchema,
  attachmentsUploadedSchema,
  messageResponseSchema,
  NOTES_PAGE_SIZE,
  noteResponseSchema,
  noteSchema,
  notesDeletedResponseSchema,
  pageSchema,
  type NoteCreateInput,
  type NotePatchInput,
  type Attachment,
  type NoteType,
} from '@lawn/shared';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type MutationMeta,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';

const notesPageSchema = pageSchema(noteSchema);
const attachmentsPageSchema = pageSchema(attachmentSchema);

const notesKeys = {
  record: (customerId: number) => ['notes', customerId] as const,
  list: (customerId: number, typeIds: readonly NoteType[], page: number) =>
    ['notes', customerId, 'list', { typeIds, page }] as const,
  attachments: (customerId: number, noteId: number) => ['notes', customerId, 'attachments', noteId] as const,
  attachmentPage: (customerId: number, noteId: number, page: number) =>
    ['notes', customerId, 'attachments', noteId, { page }] as const,
};

const attachmentsPath = (customerId: number, noteId: number) => `/customers/${customerId}/notes/${noteId}/attachments`;

/** One page of a record's notes of these types, newest first, 5 a page (the API counts pages from 1). */
export function useNotesQuery(customerId: number, typeIds: readonly NoteType[], page: number) {
  return useQuery({
    queryKey: notesKeys.list(customerId, typeIds, page),
    queryFn: async ({ signal }) =>
      notesPageSchema.parse(
        await api.get(`/customers/${customerId}/notes`, {
          query: {
            'filter[typeId]': typeIds.join(','),
            sort: '-id',
            page: page + 1,
            limit: NOTES_PAGE_SIZE,
          },
          signal,
        }),
      ),
    // The pager keeps its count while the next page loads.
    placeholderData: keepPreviousData,
  });
}

/** A note changed: its lists reload, and so does the record (the customer list names the last call note's author). */
function afterNoteChange(queryClient: QueryClient, customerId: number): void {
  void queryClient.invalidateQueries({ queryKey: notesKeys.record(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists });
}

/** POST a note. The note dialog shows its errors; a retry after no answer reuses the Idempotency-Key. */
export function useCreateNoteMutation(customerId: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: NoteCreateInput) =>
      noteResponseSchema.parse(
        await api.post(`/customers/${customerId}/notes`, input, { idempotencyKey: idempotencyKey.current() }),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error) => idempotencyKey.settle(error),
    onSuccess: () => afterNoteChange(queryClient, customerId),
  });
}

/**
 * PATCH a note from the version the dialog (or the list) shows. A 409 (someone changed it meanwhile) reloads the list,
 * so the dialog gets the newer note. The dialog shows its own errors; a change made in the list passes no `meta`, so
 * its failure reaches the shared error notice.
 */
export function useUpdateNoteMutation(
  customerId: number,
  options: { meta?: MutationMeta } = { meta: FORM_SHOWS_ERRORS },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: NotePatchInput }) =>
      noteResponseSchema.parse(await api.patch(`/customers/${customerId}/notes/${id}`, patch)),
    meta: options.meta,
    onSettled: () => afterNoteChange(queryClient, customerId),
  });
}

/** DELETE one note or several by ids. A dialog that shows its own errors passes `meta: FORM_SHOWS_ERRORS`. */
export function useDeleteNotesMutation(customerId: number, options: { meta?: MutationMeta } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: options.meta,
    mutationFn: async (ids: readonly number[]) =>
      notesDeletedResponseSchema.parse(
        ids.length === 1
          ? await api.delete(`/customers/${customerId}/notes/${ids[0]}`)
          : await api.request(`/customers/${customerId}/notes`, { method: 'DELETE', body: { ids } }),
      ),
    onSuccess: () => afterNoteChange(queryClient, customerId),
  });
}

/** One page of a note's attachments, newest first, 5 a page. */
export function useAttachmentsQuery(customerId: number, noteId: number, page: number) {
  return useQuery({
    queryKey: notesKeys.attachmentPage(customerId, noteId, page),
    queryFn: async ({ signal }) =>
      attachmentsPageSchema.parse(
        await api.get(attachmentsPath(customerId, noteId), {
          query: { sort: '-id', page: page + 1, limit: ATTACHMENTS_PAGE_SIZE },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST files to a note as multipart/form-data. The note dialog shows its errors; a retry after no answer reuses the
 * Idempotency-Key, so the files are stored once.
 */
export function useUploadAttachmentsMutation(customerId: number) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  return useMutation({
    mutationFn: async ({ noteId, files }: { noteId: number; files: readonly File[] }) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return attachmentsUploadedSchema.parse(
        await api.post(attachmentsPath(customerId, noteId), form, { idempotencyKey: idempotencyKey.current() }),
      );
    },
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, error, { noteId }) => {
      idempotencyKey.settle(error);
      void queryClient.invalidateQueries({ queryKey: notesKeys.attachments(customerId, noteId) });
    },
  });
}

/**
 * DELETE one attachment of a note (its file goes too). The note dialog shows the error; the note's list of files
 * reloads either way, so it shows what the server holds.
 */
export function useDeleteAttachmentMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (attachment: Attachment) =>
      messageResponseSchema.parse(
        await api.delete(`${attachmentsPath(customerId, attachment.noteId)}/${attachment.id}`),
      ),
    meta: FORM_SHOWS_ERRORS,
    onSettled: (_data, _error, attachment) =>
      queryClient.invalidateQueries({ queryKey: notesKeys.attachments(customerId, attachment.noteId) }),
  });
}

/** An attached file through the API with the session's token (a plain link cannot carry it). */
export async function fetchAttachment(customerId: number, attachment: Attachment): Promise<Blob> {
  const file = await api.download(`${attachmentsPath(customerId, attachment.noteId)}/${attachment.id}/download`);
  return file.blob;
}
