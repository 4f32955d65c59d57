import { BILLING_NOTE_STATUSES, NOTE_MESSAGES, NOTE_TYPE, type Note } from '@lawn/shared';
import { CodeSelect } from '../../../components/CodeSelect';
import { useNotify } from '../../../components/notifier-context';
import { useUpdateNoteMutation } from '../api/notes-api';
import { noteFormValues, toNoteValues } from '../note-form';

/**
 * A billing note's status (Pending or Completed), changed right in the list: the note is saved with its
 * other fields as they are, from the version the list shows, so a note someone changed meanwhile answers 409 and the
 * list reloads with it.
 */
export function BillingNoteStatusSelect({ customerId, note }: { customerId: number; note: Note }) {
  // No dialog shows this change's errors: without FORM_SHOWS_ERRORS a failure reaches the shared error notice.
  const update = useUpdateNoteMutation(customerId, { meta: undefined });
  const notify = useNotify();
  const changeStatus = (status: number) =>
    update.mutate(
      {
        id: note.id,
        patch: { ...toNoteValues({ ...noteFormValues(NOTE_TYPE.billing, note), status }), version: note.version },
      },
      { onSuccess: () => notify(NOTE_MESSAGES.updated, 'success') },
    );
  return (
    <CodeSelect
      label="Status"
      choices={BILLING_NOTE_STATUSES}
      value={note.status ?? ''}
      onChange={changeStatus}
      size="small"
      sx={{ minWidth: 140 }}
    />
  );
}
