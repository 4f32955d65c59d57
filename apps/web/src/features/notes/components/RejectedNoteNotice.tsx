import { NOTE_TYPE } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { formatIsoDate } from '../../../lib/dates';
import { useNotesQuery } from '../api/notes-api';

/** What a record whose order was rejected says when no rejected note was written (the order status set by hand). */
export const NO_REJECTED_NOTE = 'No rejected note was written.';

/**
 * Why a rejected order was rejected, on its record: the newest rejected note, with its reasons, its text, who wrote
 * it and when. The order can still be approved, so whoever looks at it again sees the reason first.
 */
export function RejectedNoteNotice({ customerId }: { customerId: number }) {
  const titleId = useId();
  const notes = useNotesQuery(customerId, [NOTE_TYPE.rejected], 0);
  if (notes.isError) {
    return <LoadErrorAlert subject="The rejected note" error={notes.error} onRetry={() => void notes.refetch()} />;
  }
  const note = notes.data?.data[0];
  const author = note?.user?.fullName;
  return (
    <Alert severity="warning" role="region" aria-labelledby={titleId} aria-busy={notes.isPending}>
      <AlertTitle id={titleId}>This order was rejected</AlertTitle>
      {notes.isPending && <Skeleton width={240} />}
      {notes.isSuccess && !note && NO_REJECTED_NOTE}
      {note && (
        <>
          {note.rejectionReasons.length > 0 && (
            <Typography variant="body2">Reasons: {note.rejectionReasons.join(', ')}</Typography>
          )}
          {note.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.description}
            </Typography>
          )}
          <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
            Rejected note{author ? ` by ${author}` : ''}, {formatIsoDate(note.createdAt)}
          </Typography>
        </>
      )}
    </Alert>
  );
}
