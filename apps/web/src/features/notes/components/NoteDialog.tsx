import { NOTE_MESSAGES, NOTE_TYPE, type Note, type NoteType, type NoteValuesInput } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { PendingButton, SubmitButton } from '../../../components/PendingButton';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { businessNow, NOTE_FORM_FIELDS, noteFormValues, noteFormValuesSchema, toNoteValues } from '../note-form';
import { AttachmentPicker } from './AttachmentPicker';
import { NoteAttachments } from './NoteAttachments';
import { NoteFields } from './NoteFields';

export type NoteDialogProps = {
  isOpen: boolean;
  title: string;
  typeId: NoteType;
  /** The note to show; null for a new one. */
  note: Note | null;
  onClose: () => void;
  /**
   * Sends the note and the files chosen to attach to it; rejects with the API error, which the dialog then shows.
   * Resolves once both are saved.
   */
  onSave: (values: NoteValuesInput, files: File[]) => Promise<unknown>;
  /** The record whose note it is: with it, the dialog lists the note's files and attaches new ones. */
  customerId?: number;
  /** Deletes the shown note; without it there is no Delete button. */
  onDelete?: () => Promise<unknown>;
  /** The submit button's words (default Save). */
  submitLabel?: string;
};

type NoteTab = 'form' | 'attachments';

type NoteFormProps = Omit<NoteDialogProps, 'isOpen' | 'title'> & {
  setServerError: (message: string | null) => void;
  /** Sending or deleting: the dialog then stays open, because closing would hide the answer. */
  setIsBusy: (isBusy: boolean) => void;
};

/** The form of one version of the note: a newer version mounts it anew, in view mode with the newer values. */
function NoteForm({
  typeId,
  note,
  onClose,
  onSave,
  onDelete,
  customerId,
  submitLabel = 'Save',
  setServerError,
  setIsBusy,
}: NoteFormProps) {
  const confirm = useConfirm();
  const tabsId = useId();
  // A billing note's modal shows its fields and its files on two tabs, Form and Attachments.
  const hasTabs = typeId === NOTE_TYPE.billing;
  const [tab, setTab] = useState<NoteTab>('form');
  // Fixed for the life of the form, so the pickable dates do not shift at midnight while it is open.
  const [now] = useState(() => businessNow());
  const [mode, setMode] = useState<'view' | 'edit'>(note ? 'view' : 'edit');
  const [isDeleting, setIsDeleting] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const form = useSchemaForm(noteFormValuesSchema(typeId, now.date, note), {
    defaultValues: noteFormValues(typeId, note, now),
  });
  const isSaving = form.formState.isSubmitting;
  const isBusy = isSaving || isDeleting;

  const submit = form.handleSubmit(
    async (values) => {
      setServerError(null);
      setIsBusy(true);
      try {
        await onSave(toNoteValues(values), files);
      } catch (error) {
        if (applyFieldErrors(error, form.setError, NOTE_FORM_FIELDS)) setTab('form');
        else setServerError(errorMessage(error));
      } finally {
        setIsBusy(false);
      }
    },
    // The fields' messages are on the Form tab: show it.
    () => setTab('form'),
  );

  const remove = async () => {
    if (!onDelete || !(await confirm({ title: 'Delete note', message: NOTE_MESSAGES.deleteConfirm }))) return;
    setServerError(null);
    setIsDeleting(true);
    setIsBusy(true);
    try {
      await onDelete();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setIsDeleting(false);
      setIsBusy(false);
    }
  };

  const cancelEdit = () => {
    if (!note) return onClose();
    form.reset(noteFormValues(typeId, note));
    setFiles([]);
    setMode('view');
  };

  const fields = (
    <NoteFields
      control={form.control}
      typeId={typeId}
      // Today, or the note's own earlier date, which it may keep.
      minDate={note && note.serviceDate < now.date ? note.serviceDate : now.date}
      isDisabled={mode === 'view' || isBusy}
    />
  );
  // The note's files and, while editing, new ones to send with the save; only on a record's note.
  const attachments = customerId !== undefined && (
    <>
      {note && (
        <NoteAttachments
          customerId={customerId}
          noteId={note.id}
          onError={(error) => setServerError(errorMessage(error))}
          canDelete={mode === 'edit' && !isBusy}
        />
      )}
      {mode === 'edit' && (
        <AttachmentPicker files={files} onChange={setFiles} onRefused={setServerError} isDisabled={isBusy} />
      )}
    </>
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        {hasTabs ? (
          <>
            <Tabs value={tab} onChange={(_event, next: NoteTab) => setTab(next)} sx={{ mb: 2 }}>
              {(['form', 'attachments'] as const).map((name) => (
                <Tab
                  key={name}
                  value={name}
                  label={name === 'form' ? 'Form' : 'Attachments'}
                  id={`${tabsId}-${name}-tab`}
                  aria-controls={`${tabsId}-${name}`}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`${tabsId}-form`} aria-labelledby={`${tabsId}-form-tab`} hidden={tab !== 'form'}>
              {fields}
            </Box>
            <Box
              role="tabpanel"
              id={`${tabsId}-attachments`}
              aria-labelledby={`${tabsId}-attachments-tab`}
              hidden={tab !== 'attachments'}
            >
              {/* A new note's files are added once it is saved: they belong to a note that exists. */}
              {note ? attachments : <Typography color="text.secondary">{NOTE_MESSAGES.attachAfterSave}</Typography>}
            </Box>
          </>
        ) : (
          <>
            {fields}
            {attachments && (
              <>
                <Divider sx={{ my: 2 }} />
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Attachments
                </Typography>
                {attachments}
              </>
            )}
          </>
        )}
      </DialogContent>
      {mode === 'view' ? (
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Close
          </Button>
          {onDelete && (
            <PendingButton color="error" onClick={() => void remove()} isPending={isDeleting}>
              Delete
            </PendingButton>
          )}
          <Button variant="contained" color="secondary" onClick={() => setMode('edit')} disabled={isBusy}>
            Edit
          </Button>
        </DialogActions>
      ) : (
        <DialogActions>
          <Button onClick={cancelEdit} disabled={isBusy}>
            Cancel
          </Button>
          <SubmitButton color="secondary" isPending={isSaving}>
            {isSaving ? NOTE_MESSAGES.saving : submitLabel}
          </SubmitButton>
        </DialogActions>
      )}
    </form>
  );
}

/**
 * The note modal: an existing note opens in view mode, where Delete and Edit are; Edit enables the
 * fields. A billing note's modal puts the fields on a Form tab and the files on an Attachments tab. With `customerId`, it lists the note's files (download, image preview) and, while editing, takes new ones
 * (JPEG, PNG or audio), sent when the note is saved. Saving shows 'Saving...'; the server's refusals show next to the fields, or in a warning inside the
 * dialog. When someone else changed the note meanwhile, the dialog shows their version with the warning. Mount it
 * anew for each note (a key).
 */
export function NoteDialog({ isOpen, title, onClose, ...formProps }: NoteDialogProps) {
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog open={isOpen} onClose={isBusy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {serverError && (
        <Alert severity="warning" sx={{ mx: 3, mb: 1 }}>
          {serverError}
        </Alert>
      )}
      <NoteForm
        key={formProps.note?.version ?? 'new'}
        {...formProps}
        onClose={onClose}
        setServerError={setServerError}
        setIsBusy={setIsBusy}
      />
    </Dialog>
  );
}
