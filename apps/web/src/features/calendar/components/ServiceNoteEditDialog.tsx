import { zodResolver } from '@hookform/resolvers/zod';
import { CALENDAR_MESSAGES, SERVICE_NOTE_LABELS, serviceNotePatchSchema, type ServiceNote } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { ServiceMessageField } from './ServiceMessageField';

type MessageValues = { message: string };

/** The PATCH schema's message rule, plus the skip modal's: a skip keeps a reason. */
function messageSchema(note: ServiceNote) {
  const message = serviceNotePatchSchema.shape.message;
  return z.object({
    message: note.type === 'skip' ? message.min(1, CALENDAR_MESSAGES.required) : message,
  });
}

type ServiceNoteEditDialogProps = {
  isOpen: boolean;
  note: ServiceNote;
  onClose: () => void;
  onSave: (message: string) => Promise<unknown>;
};

/** Changes the reason of a skip or the message of a write-in or redo. Mount it anew for each note. */
export function ServiceNoteEditDialog({ isOpen, note, onClose, onSave }: ServiceNoteEditDialogProps) {
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<MessageValues>({
    resolver: zodResolver(messageSchema(note)),
    defaultValues: { message: note.message },
  });
  const isSaving = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ message }) => {
    setServerError(null);
    try {
      await onSave(message);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['message'])) setServerError(errorMessage(error));
    }
  });

  return (
    <Dialog open={isOpen} onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          Edit {SERVICE_NOTE_LABELS[note.type].toLowerCase()} of week {note.week}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="warning">{serverError}</Alert>}
            <ServiceMessageField
              control={form.control}
              name="message"
              label={note.type === 'skip' ? 'Reason' : 'Message'}
              isRequired={note.type === 'skip'}
              autoFocus
              disabled={isSaving}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={isSaving}
            startIcon={isSaving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
