import { CALENDAR_MESSAGES, SERVICE_NOTE_LABELS, serviceNotePatchSchema, type ServiceNote } from '@lawn/shared';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { ServiceMessageField } from './ServiceMessageField';
import { useSchemaForm } from '../../../lib/use-schema-form';

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
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(messageSchema(note), { defaultValues: { message: note.message } });
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
    <FormDialog
      isOpen={isOpen}
      isPending={isSaving}
      title={`Edit ${SERVICE_NOTE_LABELS[note.type].toLowerCase()} of week ${note.week}`}
      error={serverError}
      submitLabel="Save"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <ServiceMessageField
        control={form.control}
        name="message"
        label={note.type === 'skip' ? 'Reason' : 'Message'}
        isRequired={note.type === 'skip'}
        autoFocus
        disabled={isSaving}
      />
    </FormDialog>
  );
}
