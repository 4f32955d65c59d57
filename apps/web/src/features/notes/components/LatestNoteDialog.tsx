import { NOTE_MESSAGES, type NoteType } from '@lawn/shared';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { MessageDialog } from '../../../components/MessageDialog';
import { useNotify } from '../../../components/notifier-context';
import { useNotesQuery, useUpdateNoteMutation } from '../api/notes-api';
import { NoteDialog } from './NoteDialog';

type LatestNoteDialogProps = { customerId: number; typeId: NoteType; title: string; onClose: () => void };

/**
 * The newest note of a type of a record in the note dialog, in view mode (Edit still possible): after a
 * rejection, the pending-approval list shows the rejected note that was just written.
 */
export function LatestNoteDialog({ customerId, typeId, title, onClose }: LatestNoteDialogProps) {
  const notify = useNotify();
  const notes = useNotesQuery(customerId, [typeId], 0);
  const update = useUpdateNoteMutation(customerId);
  const note = notes.data?.data[0];

  if (notes.isError) {
    return (
      <MessageDialog
        isOpen
        title={title}
        message={<LoadErrorAlert subject="The note" error={notes.error} onRetry={() => void notes.refetch()} />}
        onClose={onClose}
      />
    );
  }
  if (!note) return null;
  return (
    <NoteDialog
      isOpen
      title={title}
      typeId={typeId}
      note={note}
      onClose={onClose}
      onSave={async (values) => {
        await update.mutateAsync({ id: note.id, patch: { ...values, version: note.version } });
        onClose();
        notify(NOTE_MESSAGES.updated, 'success');
      }}
    />
  );
}
