import { zodResolver } from '@hookform/resolvers/zod';
import { customerExportSchema } from '@lawn/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SubmitButton } from '../../../components/PendingButton';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { applyFieldErrors } from '../../../lib/form-errors';

const reportNameSchema = z.object({ nameDoc: customerExportSchema.shape.nameDoc });
type ReportNameInput = z.infer<typeof reportNameSchema>;

export const REPORT_DIALOG_TITLE = 'Reports';

type ReportNameFormProps = {
  titleId: string;
  summary: string;
  onCancel: () => void;
  /** Rejects with the API error when the report could not be requested. */
  onSave: (name: string) => Promise<unknown>;
};

function ReportNameForm({ titleId, summary, onCancel, onSave }: ReportNameFormProps) {
  const notifyError = useNotifyError();
  const form = useForm<ReportNameInput>({ resolver: zodResolver(reportNameSchema), defaultValues: { nameDoc: '' } });
  const isSaving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ nameDoc }) => {
    try {
      await onSave(nameDoc);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['nameDoc'])) notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{REPORT_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{summary}</DialogContentText>
        <FormTextField control={form.control} name="nameDoc" label="Report name" autoFocus fullWidth required />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
        <SubmitButton color="secondary" isPending={isSaving}>
          Save
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

type ReportNameDialogProps = Omit<ReportNameFormProps, 'titleId'> & { isOpen: boolean };

/** Spec 1 section 2: an export asks for the report's name in a dialog titled 'Reports'. */
export function ReportNameDialog({ isOpen, onCancel, ...props }: ReportNameDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      {/* The dialog unmounts its content once closed, so every export starts with an empty name. */}
      <ReportNameForm titleId={titleId} onCancel={onCancel} {...props} />
    </Dialog>
  );
}
